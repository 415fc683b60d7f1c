/**
 * `@publisher/contract/mock`: what a mock of this contract needs besides the routes, shared by the API's scenario
 * controls and the MSW handlers (`@publisher/contract/msw`) so both answer alike: example bodies that pass each
 * response schema and the named examples (`Prefer: example=<name>`), the `Prefer` header's reading, and the 400 messages of a request that fails its schema.
 */
export { exampleOf, holdsList, type ExampleOptions } from './example-body';
export { exampleText } from './example-text';
export {
  EXAMPLE_DESCRIPTIONS,
  chooseExample,
  exampleBody,
  exampleNames,
  jsonSchemaAt,
  scenarioEnvelope,
  type ExampleChoice,
  type ExampleName,
} from './named-examples';
export { parsePrefer, type Preference, type PreferParse } from './prefer';
export {
  PREFERENCE_APPLIED_HEADER,
  documentedStatuses,
  isNormalAnswer,
  planScenario,
  preferenceApplied,
  scenarioDelayMs,
  type ScenarioPlan,
} from './scenario';
export { describeZodError, type ValidationMessage } from './validation-messages';
export { createRng, type Rng } from './prng';
export { resolveStub, stubMatches, type ResolvedStub, type StubCall, type StubResolution } from './stubs';
