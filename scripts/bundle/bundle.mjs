// SPDX-License-Identifier: MIT
// Builds the web root that `reversi serve` sends (docs/OPERATIONS.md, "The web client's files"):
// the module script and the stylesheets that web/index.html names, each bundled and minified
// by esbuild into one file with a source map, the icon it links, all under assets/ with the
// content's hash in the name (so the server may let browsers keep them a year), the page
// rewritten to name them, and beside every text file its brotli (.br) and gzip (.gz) copy when
// that is smaller. The new root is written beside OUT and put in its place at the end, so a
// running server never sees half of it.
// Usage: node scripts/bundle/bundle.mjs --web web --out build/web [--deps FOLDER]
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join, relative, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const opt = (name) => {
    const i = args.indexOf(name);
    if (i < 0 || i + 1 >= args.length) throw new Error(`bundle: ${name} DIR is required`);
    return resolve(args[i + 1]);
};
const web = opt('--web');
const out = opt('--out');
const next = `${out}.new`;
const Assets = 'assets';

// esbuild comes from `npm ci` of this folder's package.json, run by the build in a folder of
// its own (--deps; scripts/bundle/bundle.cmake), or else in this folder.
const deps = args.includes('--deps') ? opt('--deps') : dirname(fileURLToPath(import.meta.url));
// Without it (`npm ci` failed: no registry) there is no bundle, and no older one either: the
// server then sends web/'s modules as they are (src/engine/data_paths.h), so the build still
// gives a working site.
let esbuild;
try {
    esbuild = createRequire(join(deps, 'package.json'))('esbuild');
} catch {
    console.error(`bundle: esbuild is missing (npm ci in ${deps}): the web client is not bundled, the server sends ${web} as it is`);
    rmSync(out, { recursive: true, force: true });
    process.exit(0);
}

// The page's local references: <script type="module" src>, <link rel="stylesheet" href> and
// the other <link href> (the icon), in the page's order.
const page = readFileSync(join(web, 'index.html'), 'utf8');
const tags = [...page.matchAll(/<(script|link)\b[^>]*>(?:\s*<\/script>)?/g)].map((m) => {
    const attr = (name) => new RegExp(`\\b${name}="([^"]*)"`).exec(m[0])?.[1] ?? '';
    return { text: m[0], kind: m[1], src: attr('src'), href: attr('href'), rel: attr('rel'), type: attr('type') };
});
const local = (url) => url && !/^[a-z]+:|^\/\//i.test(url);
const script = tags.find((t) => t.kind === 'script' && t.type === 'module' && local(t.src));
const sheets = tags.filter((t) => t.kind === 'link' && t.rel === 'stylesheet' && local(t.href));
// The manifest keeps its name: the installed app and the service worker find it by that name.
const others = tags.filter((t) => t.kind === 'link' && t.rel !== 'stylesheet' && t.rel !== 'manifest' && local(t.href));
if (!script) throw new Error('bundle: index.html names no module script');

// Every file under `dir`, in a stable order (Debian 12's first node has no recursive readdir).
function filesUnder(dir) {
    return readdirSync(dir).sort().flatMap((name) => {
        const path = join(dir, name);
        return statSync(path).isDirectory() ? filesUnder(path) : [path];
    });
}

rmSync(next, { recursive: true, force: true });
mkdirSync(join(next, Assets), { recursive: true });

// The hash that names a file: its first eight hex digits of SHA-256, upper case.
const contentHash = (...parts) => {
    const h = createHash('sha256');
    for (const p of parts) h.update(p);
    return h.digest('hex').slice(0, 8).toUpperCase();
};

// One esbuild run into assets/NAME-HASH.EXT and its map: the hash is of the output and its
// map alone, and the map names each source as the page would (../js/app.js from assets/),
// so the names do not depend on where the source tree or the build folder lie.
async function build(name, options) {
    const result = await esbuild.build({
        bundle: true, minify: true, sourcemap: 'linked', charset: 'utf8', write: false,
        outdir: join(next, Assets), entryNames: name, logLevel: 'warning', ...options,
    });
    const code = result.outputFiles.find((f) => !f.path.endsWith('.map'));
    const map = result.outputFiles.find((f) => f.path.endsWith('.map'));
    const json = JSON.parse(map.text);
    json.sources = json.sources.map((s) => `../${relative(web, resolve(dirname(map.path), s))}`);
    const mapText = JSON.stringify(json);
    const ext = extname(code.path);
    const hashed = `${name}-${contentHash(code.text, mapText)}${ext}`;
    const link = code.text.lastIndexOf(`${name}${ext}.map`);
    if (link < 0) throw new Error(`bundle: ${name}${ext} names no source map`);
    const text = code.text.slice(0, link) + `${hashed}.map` + code.text.slice(link + `${name}${ext}.map`.length);
    writeFileSync(join(next, Assets, hashed), text);
    writeFileSync(join(next, Assets, `${hashed}.map`), mapText);
    return `${Assets}/${hashed}`;
}

// The client: its entry module and everything it imports, in one file (the syntax is kept as
// written: the bundle runs where the modules ran).
const app = await build('app', { entryPoints: [join(web, script.src)], format: 'esm' });
// The stylesheets, in the page's order, in one file.
const css = sheets.length ? await build('app', {
    stdin: { contents: sheets.map((s) => `@import "./${s.href}";`).join('\n'), resolveDir: web, sourcefile: 'app.css', loader: 'css' },
}) : null;

// Any other linked file (the icon): copied under a name with its content's hash.
function hashedCopy(url) {
    const bytes = readFileSync(join(web, url));
    const ext = extname(url);
    const name = `${Assets}/${basename(url, ext)}-${contentHash(bytes)}${ext}`;
    writeFileSync(join(next, name), bytes);
    return name;
}

let html = page.replace(script.text, `<script type="module" src="${app}"></script>`);
sheets.forEach((s, i) => {
    html = html.replace(s.text, i === 0 ? `<link rel="stylesheet" href="${css}">` : '');
});
for (const o of others) html = html.replace(o.text, o.text.replace(`href="${o.href}"`, `href="${hashedCopy(o.href)}"`));
html = html.replace(/\n\s*\n/g, '\n');
writeFileSync(join(next, 'index.html'), html);

// Every other file of the web folder but the modules, the bundled stylesheets and the editor's
// jsconfig.json, as it is: the icon under its own name too, for whatever names it so.
const bundled = new Set([...sheets.map((s) => s.href), 'index.html', 'jsconfig.json']);
for (const from of filesUnder(web)) {
    const path = relative(web, from);
    if (bundled.has(path) || path.startsWith('js/')) continue;
    mkdirSync(dirname(join(next, path)), { recursive: true });
    cpSync(from, join(next, path));
}

// The service worker's list of the files to keep for offline use, and its version: every file
// of the new root but the source maps and the worker itself, and the page under the name it is
// opened by ('./'); the version is the hash of those files, so a changed file makes a new worker
// (which the browser installs in place of the old) and an unchanged build the same one.
const Worker = 'sw.js';
if (existsSync(join(next, Worker))) {
    const kept = filesUnder(next).map((f) => relative(next, f).split('\\').join('/'))
        .filter((f) => f !== Worker && !f.endsWith('.map'));
    const version = contentHash(...kept.flatMap((f) => [f, readFileSync(join(next, f))]));
    const source = readFileSync(join(next, Worker), 'utf8');
    const worker = source
        .replace(/\/\* precache \*\/.*?\/\* end \*\//, () => JSON.stringify(['./', ...kept]))
        .replace(/\/\* version \*\/.*?\/\* end \*\//, () => JSON.stringify(version));
    if (worker === source || worker.includes('/* end */')) throw new Error(`bundle: ${Worker} has no precache and version markers`);
    writeFileSync(join(next, Worker), worker);
}

// The brotli and gzip copies of each text file (and WebAssembly), at the highest levels: made once
// here, not per request.
const Compressible = new Set(['.html', '.js', '.css', '.svg', '.map', '.json', '.txt', '.md', '.webmanifest', '.wasm']);
const sizes = [];
for (const path of filesUnder(next)) {
    if (!Compressible.has(extname(path))) continue;
    const bytes = readFileSync(path);
    const br = brotliCompressSync(bytes, { params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
    const gz = gzipSync(bytes, { level: 9 });
    if (br.length < bytes.length) writeFileSync(`${path}.br`, br);
    if (gz.length < bytes.length) writeFileSync(`${path}.gz`, gz);
    sizes.push(`${relative(next, path)} ${bytes.length} (br ${br.length}, gzip ${gz.length})`);
}

const old = `${out}.old`;
rmSync(old, { recursive: true, force: true });
if (existsSync(out)) renameSync(out, old);
renameSync(next, out);
rmSync(old, { recursive: true, force: true });
console.log(`bundle: ${relative(process.cwd(), out) || out}: ${sizes.filter((s) => !s.includes('.map ')).join('; ')}`);
