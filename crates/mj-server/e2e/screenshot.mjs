// The screenshot check the browser tests share: save a page's image and assert it is not
// blank (many colours, none covering almost all of it), measured in a page of the same browser.

import assert from "node:assert/strict";

/** Saves `page` (the whole page, or the viewport) to `path`; asserts it is not blank. */
export async function checkedScreenshot(browser, page, path, name, fullPage = true) {
  const png = await page.screenshot({ path, fullPage });
  const probe = await browser.newPage();
  const stats = await probe.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const canvas = document.createElement("canvas");
    canvas.width = img.width;
    canvas.height = img.height;
    const ctx = canvas.getContext("2d");
    ctx.drawImage(img, 0, 0);
    const data = ctx.getImageData(0, 0, img.width, img.height).data;
    const counts = new Map();
    for (let i = 0; i < data.length; i += 4) {
      const key = (data[i] << 16) | (data[i + 1] << 8) | data[i + 2];
      counts.set(key, (counts.get(key) || 0) + 1);
    }
    return { colours: counts.size, top: Math.max(...counts.values()) / (data.length / 4) };
  }, png.toString("base64"));
  await probe.close();
  assert.ok(stats.colours >= 50, `${name}: only ${stats.colours} colours`);
  assert.ok(stats.top < 0.95, `${name}: one colour covers ${(stats.top * 100).toFixed(1)} %`);
  return path;
}
