export {
  provisionDatabase,
  databaseNameFor,
  cacheRootFrom,
  type ProvisionedDatabase,
  type ProvisionOptions,
  type DatabaseKind,
} from './provision';
export { FERRETDB_VERSION, ensureFerretDbBinary } from './ferretdb';
export { findFreePort, waitForHttp, waitForPort } from './net';
