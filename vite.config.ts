// The calculator (ts/web) built by Vite: one page for beam, truss and frame under /calculator/, its JS, CSS
// and the engine's .wasm (pkg/, the same file the service loads) emitted into dist/calculator/assets.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('./ts/web', import.meta.url)),
  base: '/calculator/',
  publicDir: false,
  build: {
    outDir: fileURLToPath(new URL('./dist/calculator', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    // the .wasm stays a file of its own (application/wasm, streamed), never inlined
    assetsInlineLimit: 0,
    modulePreload: false,
    reportCompressedSize: false,
  },
});
