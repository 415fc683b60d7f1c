export {
  provisionDatabase,
  databaseNameFor,
  cacheRootFrom,
  DB_CHOICE_FILE,
  type ProvisionedDatabase,
  type ProvisionOptions,
  type DatabaseKind,
} from './provision';
export { FERRETDB_VERSION, ensureFerretDbBinary } from './ferretdb';
export { findFreePort, waitForHttp, waitForPort } from './net';
