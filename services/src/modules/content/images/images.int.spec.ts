import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UploadedImage } from '@acpg/contracts/content-documents';
import { useTestApp } from '../../../../test/harness.ts';
import { altHintOf } from './store.ts';

const t = useTestApp();
let admin: Record<string, string>;
beforeAll(async () => {
  admin = { authorization: `Bearer ${await t.signInAs('Super Admin', 'images-admin')}` };
});

const upload = (bytes: Buffer, filename: string, headers: Record<string, string> = admin) => {
  const data = new FormData();
  data.append('file', new Blob([new Uint8Array(bytes)]), filename);
  return fetch(`${t.url}/api/v1/cms/images`, { method: 'POST', body: data, headers });
};
const png = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } }).png().toBuffer();

describe('content images', () => {
  it('stores a JPEG at every allowed width up to its own as WebP q75, served publicly with a year of immutable cache', async () => {
    const jpeg = await sharp({ create: { width: 700, height: 350, channels: 3, background: '#336699' } }).jpeg().toBuffer();
    const res = await upload(jpeg, 'Kitchen_remodel-2.jpg');
    expect(res.status, await res.clone().text()).toBe(200);
    const image = ((await res.json()) as { data: UploadedImage }).data;
    expect(image).toMatchObject({ width: 700, height: 350, widths: [16, 32, 48, 64, 96, 128, 256, 384, 640], alt_hint: 'Kitchen remodel 2' });
    expect(image.image_id).toMatch(/^img_[A-Za-z0-9_-]{22}$/);
    for (const width of image.widths) {
      const served = await t.app.inject({ method: 'GET', url: `/api/v1/cms/images/${image.image_id}/${width}.webp` });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(served.rawPayload).metadata();
      expect([meta.format, meta.width]).toEqual(['webp', width]);
    }
    // A width of the list above the original's: the largest stored one (640), never enlarged.
    const above = await t.app.inject({ method: 'GET', url: `/api/v1/cms/images/${image.image_id}/1920.webp` });
    expect(above.statusCode).toBe(200);
    expect((await sharp(above.rawPayload).metadata()).width).toBe(640);
    for (const url of [`/api/v1/cms/images/${image.image_id}/100.webp`, `/api/v1/cms/images/${image.image_id}/0640.webp`, '/api/v1/cms/images/img_unknownunknown1234/640.webp', '/api/v1/cms/images/x/640.webp']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('takes PNG and WebP by their content, whatever the name says', async () => {
    const res = await upload(await png(20, 20), 'photo.gif');
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: UploadedImage }).data.widths).toEqual([16]);
    const webp = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#000' } }).webp().toBuffer();
    expect((await upload(webp, 'x')).status).toBe(200);
  });

  it('refuses what is not a JPEG, PNG or WebP image (by content), an image under 16 px, and files over 5 MB', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const [bytes, name] of [[svg, 'x.png'], [Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'), 'x.jpg'], [Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'), 'x.png']] as const) {
      const res = await upload(bytes, name);
      expect(res.status, name).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe('The file must be a JPEG, PNG or WebP image.');
    }
    const tiny = await upload(await png(10, 10), 'tiny.png');
    expect(tiny.status).toBe(400);
    expect(((await tiny.json()) as { code: string; message: string })).toMatchObject({ code: 'IMAGE_REFUSED', message: expect.stringContaining('at least 16 pixels wide') });
    const huge = Buffer.concat([await png(32, 32), randomBytes(5 * 1024 * 1024)]);
    const tooBig = await upload(huge, 'huge.png');
    expect(tooBig.status).toBe(413);
  });

  it('lets only roles with content.manage upload (Customer 403, anonymous 401)', async () => {
    const body = await png(20, 20);
    expect((await upload(body, 'x.png', { authorization: `Bearer ${await t.signInAs('Customer', 'images-customer')}` })).status).toBe(403);
    expect((await upload(body, 'x.png', {})).status).toBe(401);
  });
});

describe('altHintOf', () => {
  it('turns a file name into words', () => {
    expect(altHintOf('front-porch_at.dusk.JPEG')).toBe('front porch at dusk');
    expect(altHintOf('<img>.png')).toBe('img');
  });
});
