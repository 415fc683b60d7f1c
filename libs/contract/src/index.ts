export { contract, type Contract } from './contract';
export * from './common/access';
export * from './common/error.schema';
export * from './common/fields';
export * from './auth/auth.schema';
export { authContract, SIGNUP_PATH } from './auth/auth.contract';
export * from './system/system.contract';
