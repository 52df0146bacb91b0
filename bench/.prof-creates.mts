import { spawn } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
const dataDir = mkdtempSync('/tmp/prof/data-');
const profDir = mkdtempSync('/tmp/prof/cpu-');
const port = 8997;
const prof = process.argv.includes('--prof');
const child = spawn(process.execPath, [...(prof ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : []), 'dist-server/main.js'], { env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' }, stdio: 'inherit' });
const API = `http://127.0.0.1:${port}/alfresco/api/-default-/public/alfresco/versions/1`;
const auth = 'Basic ' + Buffer.from('admin:admin').toString('base64');
for (let i = 0; i < 200; i++) { try { const r = await fetch(`${API}/probes/-ready-`); if (r.ok) break; } catch { /* */ } await new Promise(r => setTimeout(r, 50)); }
const f = await fetch(`${API}/nodes/-my-/children`, { method: 'POST', headers: { authorization: auth, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'bench', nodeType: 'cm:folder' }) });
const id = (await f.json()).entry.id;
const boundary = 'xxBOUNDARYxx';
const content = Buffer.alloc(1024, 65);
const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
let n = 0, ok = 0;
const cpu = () => { const f = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' '); return (Number(f[11]) + Number(f[12])) / 100; };
const one = () => new Promise<void>((resolve) => {
  const i = n++;
  const body = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="filedata"; filename="f-${i}.txt"\r\nContent-Type: text/plain\r\n\r\n`), content, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const req = http.request(`${API}/nodes/${id}/children`, { method: 'POST', agent, headers: { authorization: auth, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': body.length } }, (res) => { if (res.statusCode === 201) ok++; res.resume(); res.on('end', () => resolve()); });
  req.end(body);
});
const t0 = Date.now(); const c0 = cpu();
await Promise.all(Array.from({ length: 8 }, async () => { while (Date.now() - t0 < 6000) await one(); }));
const secs = (Date.now() - t0) / 1000;
console.log('created/s', Math.round(ok / secs), 'server CPU per create µs', Math.round((cpu() - c0) * 1e6 / ok), 'CPU share', Math.round((cpu() - c0) / secs * 100) + '%');
child.kill('SIGTERM');
await new Promise(r => child.on('exit', r));
if (prof) { const file = path.join(profDir, readdirSync(profDir)[0]!); console.log('profile', file); }
