import { defineConfig } from 'vite';

/** Bundles the API (and the workspace packages it imports) into one ES module for Node 20. */
export default defineConfig({
  build: {
    ssr: 'src/main.ts',
    outDir: 'dist',
    target: 'node20',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: { output: { format: 'es', entryFileNames: 'main.js' } },
  },
});
