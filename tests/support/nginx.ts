import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from './server-process';

/**
 * Debian's nginx in front of local server processes, as docs/deploy.md runs it, for the proxy test
 * (tests/server/postgres-nginx.test.ts) and the deployment's bench (bench/proxy.ts): a configuration of its own in a
 * work folder (no root paths, no service), checked with `nginx -t`, started in the foreground and stopped by its master.
 */

export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path));
/** The proxy rules as shipped (included by the site, deploy/nginx.conf). */
export const PROXY_RULES = join(import.meta.dirname, '..', '..', 'deploy', 'nginx-proxy.conf');

export interface NginxOptions {
  /** A folder of its own for this nginx's configuration, pid, log and temporary files. */
  dir: string;
  /** The server processes' ports: the `menyu` upstream. */
  ports: ReadonlyArray<number | string>;
  /** What the server block holds after `listen`: the shipped rules by default. */
  rules?: string;
  /** Trust X-Forwarded-For from loopback (a load balancer in front of nginx, as the bench's made-up diners). */
  realIpFromLoopback?: boolean;
  /** `worker_processes`: 1 for a test, `auto` for a bench. */
  workers?: number | 'auto';
}

export interface RunningNginx {
  url: string;
  /** Waited for: nginx's master stops its workers before it exits (killed, it would leave them listening). */
  stop: () => Promise<void>;
}

/** The configuration file for these options on `listen`; answers its path. */
export function writeNginxConfig(options: NginxOptions, listen: number): string {
  const { dir } = options;
  for (const sub of ['', 'body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(join(dir, sub), { recursive: true });
    // nginx's workers (www-data when started as root) write request bodies over their buffer here.
    chmodSync(join(dir, sub), 0o777);
  }
  const realIp = options.realIpFromLoopback
    ? '\n    set_real_ip_from 127.0.0.1;\n    real_ip_header X-Forwarded-For;'
    : '';
  const file = join(dir, 'nginx.conf');
  writeFileSync(
    file,
    `worker_processes ${options.workers ?? 1};
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream menyu {
${options.ports.map((port) => `    server 127.0.0.1:${port} fail_timeout=3s;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${listen};${realIp}
    ${options.rules ?? `include ${PROXY_RULES};`}
  }
}
`,
  );
  return file;
}

/** Starts nginx on a free port with these options; resolves once `/health` answers through it. */
export async function startNginx(options: NginxOptions): Promise<RunningNginx> {
  if (!NGINX) throw new Error('nginx is not installed (Debian: apt-get install nginx); .ci/run installs it');
  const listen = await freePort();
  const config = writeNginxConfig(options, listen);
  const check = spawnSync(NGINX, ['-t', '-c', config], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t failed:\n${check.stderr}`);
  const child = spawn(NGINX, ['-c', config], { stdio: 'ignore' });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  const url = `http://127.0.0.1:${listen}`;
  for (let i = 0; i < 100; i++) {
    const up = await fetch(`${url}/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) return { url, stop };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await stop();
  throw new Error(`nginx on ${url} did not answer`);
}
