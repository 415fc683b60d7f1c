/** `npm run openapi`: writes the OpenAPI document generated from the contract to docs/openapi.json. */
import { writeFileSync } from 'node:fs';
import { OPENAPI_FILE, openApiText } from './openapi';

writeFileSync(OPENAPI_FILE, openApiText());
console.log(`Wrote ${OPENAPI_FILE}`);
