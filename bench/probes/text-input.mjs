// Issue 26's first idea, measured: how a JS string reaches the wasm's memory in
// headless Chromium. TextEncoder.encodeInto (what validateJson uses) against a
// charCodeAt loop writing UTF-8, and one writing UTF-16 code units (what a UTF-16
// scanner would read), on JSON text of ASCII and of CJK values, with JSON.parse of
// the same text for scale. Medians of 15 runs each, the variants interleaved.
// Run: cd bench && node probes/text-input.mjs
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../run-browser.mjs';

const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage();
  const figures = await page.evaluate(() => {
    const text = (orders, cjk) => JSON.stringify(Array.from({ length: orders * 12 }, (_, i) => ({
      channelCode: `CH${i}`, customerName: cjk ? `北京市朝阳区建国路 ${i} 号` : `Some Street ${i}`, sequence: i, remark: cjk ? '许可证订单备注' : 'licence order remark' })));
    const variants = {
      encodeInto: (s, mem, enc) => enc.encodeInto(s, mem).written,
      utf8Loop: (s, mem) => {
        let j = 0;
        for (let i = 0; i < s.length; i++) {
          let c = s.charCodeAt(i);
          if (c < 0x80) { mem[j++] = c; continue; }
          if (c < 0x800) { mem[j++] = 0xc0 | (c >> 6); mem[j++] = 0x80 | (c & 63); continue; }
          if (c >= 0xd800 && c < 0xdc00 && i + 1 < s.length) {
            const d = s.charCodeAt(i + 1);
            if (d >= 0xdc00 && d < 0xe000) {
              i++; c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
              mem[j++] = 0xf0 | (c >> 18); mem[j++] = 0x80 | ((c >> 12) & 63); mem[j++] = 0x80 | ((c >> 6) & 63); mem[j++] = 0x80 | (c & 63);
              continue;
            }
          }
          mem[j++] = 0xe0 | (c >> 12); mem[j++] = 0x80 | ((c >> 6) & 63); mem[j++] = 0x80 | (c & 63);
        }
        return j;
      },
      utf16Loop: (s, mem) => {
        const u16 = new Uint16Array(mem.buffer, 0, s.length);
        for (let i = 0; i < s.length; i++) u16[i] = s.charCodeAt(i);
        return s.length * 2;
      },
      'JSON.parse': (s) => JSON.parse(s).length,
    };
    const out = [];
    for (const orders of [100, 1000]) {
      for (const cjk of [false, true]) {
        const s = text(orders, cjk);
        const mem = new Uint8Array(s.length * 3 + 16);
        const enc = new TextEncoder();
        const times = Object.fromEntries(Object.keys(variants).map((k) => [k, []]));
        for (let round = 0; round < 18; round++) {
          for (const [name, f] of Object.entries(variants)) {
            const t0 = performance.now();
            f(s, mem, enc);
            if (round >= 3) times[name].push(performance.now() - t0);
          }
        }
        const median = (a) => a.sort((x, y) => x - y)[a.length >> 1];
        out.push({ text: `${(new TextEncoder().encode(s).length / 1e6).toFixed(2)} MB, ${cjk ? 'CJK values' : 'ASCII'}`, chars: s.length,
          ...Object.fromEntries(Object.entries(times).map(([k, v]) => [k, Number(median(v).toFixed(2))])) });
      }
    }
    return out;
  });
  console.log(`Chromium ${browser.version()}, medians in ms:`);
  console.table(figures);
} finally {
  await browser.close();
}
