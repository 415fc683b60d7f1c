import { expose } from 'comlink';
import { createParserApi } from './parser-api';

/** The conversion CSV parser, off the main thread (Vite bundles this file as its own module worker). */
expose(createParserApi());
