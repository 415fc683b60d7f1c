export {
  provisionDatabase,
  databaseNameFor,
  cacheRootFrom,
  DB_CHOICE_FILE,
  DATA_DIR_DATABASES,
  type ProvisionedDatabase,
  type ProvisionOptions,
  type DatabaseKind,
} from './provision';
export { FERRETDB_VERSION, ensureFerretDbBinary, stopStaleFerretDb } from './ferretdb';
export { findFreePort, waitForHttp, waitForPort } from './net';
export { QUARANTINE_DIR, type DatabaseIncident } from './quarantine';
