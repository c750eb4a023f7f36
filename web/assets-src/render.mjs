// Renders the bundled images (spec: a 290x60 logo and a 260x250 placeholder profile photo) from their SVG sources:
// `node web/assets-src/render.mjs` writes web/public/logo.png (and @2x) and web/public/profile-placeholder.png.
import sharp from 'sharp';
import { fileURLToPath } from 'node:url';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
await sharp(here('./logo.svg'), { density: 72 }).png({ compressionLevel: 9 }).toFile(here('../public/logo.png'));
await sharp(here('./logo.svg'), { density: 144 }).resize(580, 120).png({ compressionLevel: 9 }).toFile(here('../public/logo@2x.png'));
await sharp(here('./profile-placeholder.svg'), { density: 72 }).png({ compressionLevel: 9 }).toFile(here('../public/profile-placeholder.png'));
