export {
  provisionDatabase,
  databaseNameFor,
  type ProvisionedDatabase,
  type ProvisionOptions,
  type DatabaseKind,
} from './provision';
export { FERRETDB_VERSION, ensureFerretDbBinary } from './ferretdb';
export { findFreePort, waitForPort } from './net';
