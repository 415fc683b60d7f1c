/** The conversion upload screen, its own chunk (papaparse goes to the worker's chunk, not this one). */
export { UploadReportsPage } from './components/upload-reports-page';
