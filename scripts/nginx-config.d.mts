/** Types of scripts/nginx-config.mjs for the TypeScript that imports it (bench/lib/nginx.ts). */
export function site(options: { listen: string; upstreams: string[] }): string;
export function nginxConfig(options: { listen: string; upstreams: string[]; prefix: string }): string;
