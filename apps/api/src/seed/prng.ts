/** The seeded generator lives in the contract's mock module, which the example answers (API and MSW) share. */
export { createRng, type Rng } from '@publisher/contract/mock';
