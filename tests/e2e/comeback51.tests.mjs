// SPDX-License-Identifier: MIT
// Browser test of a table whose node died (issue 51): until a survivor takes the table over,
// the server answers its players `moved` without an address ("reconnect"). A page used to
// ask again ten times a second, so the thousands of players of one dead node came back as a
// storm; it now waits longer each time, and each page a share of the pause of its own.
import { check, sleep } from './lib.mjs';

export const tests = {
    async 'table: a table no node serves yet is asked for again later each time, not ten times a second'(ctx) {
        const created = await (await fetch(`${ctx.url}/api/tables`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ setup: {}, seats: [{ type: 'human' }, { type: 'human' }], seat: 0, name: 'Comeback' }),
        })).json();
        check(typeof created.table === 'string', `no table: ${JSON.stringify(created)}`);
        const b = await ctx.launch();
        const page = await b.page();
        // The table's socket meets the answer of a node whose table is being taken over: it opens,
        // is told `moved` with no owner, and is closed. Every other socket is the real one.
        await page.addInitScript(() => {
            const Real = globalThis.WebSocket;
            globalThis.tableSocketOpens = 0;
            class Orphaned {
                constructor(url) {
                    this.url = url;
                    this.readyState = 0;
                    globalThis.tableSocketOpens++;
                    setTimeout(() => {
                        this.readyState = 1;
                        this.onopen?.({});
                        this.onmessage?.({ data: JSON.stringify({ type: 'error', code: 'moved', message: 'moving' }) });
                        this.readyState = 3;
                        this.onclose?.({});
                    }, 5);
                }
                send() {}
                close() { this.readyState = 3; }
            }
            const Socket = function (url, protocols) {
                return /\/ws\?table=/.test(String(url)) ? new Orphaned(url) : new Real(url, protocols);
            };
            Object.assign(Socket, { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 });
            globalThis.WebSocket = Socket;
        });
        await page.goto(`${ctx.url}/#/table/${created.table}`);
        await page.waitForFunction(() => globalThis.tableSocketOpens > 0, null, { timeout: 10000 });
        const first = await page.evaluate(() => globalThis.tableSocketOpens);
        await sleep(4000);
        const asked = (await page.evaluate(() => globalThis.tableSocketOpens)) - first;
        // 0.25-0.5 s, then 0.5-1, 1-2, 2-4: at most 5 tries in 4 s; ten a second would be 40.
        check(asked >= 2 && asked <= 6, `the page asked again ${asked} times in 4 s`);
    },
};
