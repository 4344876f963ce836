// Page 1 of a PDF drawn by pdf.js (Firefox's viewer), its form fields by their appearances:
// `node pdfjs_draw.mjs FILE.pdf NODE_PREFIX DPI` writes "WIDTH HEIGHT\n" then one grey byte per
// pixel. NODE_PREFIX holds node_modules/pdfjs-dist and @napi-rs/canvas (tests/test_sheet_form.py).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
const require = createRequire(process.argv[3] + "/");
const pdfjs = await import(require.resolve("pdfjs-dist/legacy/build/pdf.mjs"));
const { createCanvas } = require("@napi-rs/canvas");
const data = new Uint8Array(readFileSync(process.argv[2]));
const document = await pdfjs.getDocument({ data, disableFontFace: true, useSystemFonts: false }).promise;
const page = await document.getPage(1);
const viewport = page.getViewport({ scale: Number(process.argv[4]) / 72 });
const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
const context = canvas.getContext("2d");
context.fillStyle = "white"; context.fillRect(0, 0, canvas.width, canvas.height);
await page.render({ canvasContext: context, viewport, annotationMode: pdfjs.AnnotationMode.ENABLE }).promise;
const rgba = context.getImageData(0, 0, canvas.width, canvas.height).data;
const grey = Buffer.alloc(canvas.width * canvas.height);
for (let i = 0; i < grey.length; i++) grey[i] = Math.round((rgba[4 * i] + rgba[4 * i + 1] + rgba[4 * i + 2]) / 3);
process.stdout.write(`${canvas.width} ${canvas.height}\n`);
process.stdout.write(grey);
