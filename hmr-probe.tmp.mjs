import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage();
page.on('console', (m) => console.log('console', m.type(), m.text().slice(0, 200)));
page.on('websocket', (ws) => { console.log('ws', ws.url()); ws.on('close', () => console.log('ws closed', ws.url())); ws.on('framereceived', (f) => console.log('frame', String(f.payload).slice(0, 80))); });
await page.goto(`http://127.0.0.1:${process.argv[2]}/chat`);
await page.waitForTimeout(6000);
await browser.close();
