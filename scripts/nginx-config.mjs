// nginx in front of several Grip processes: the configuration the scale suite runs (scripts/scale-stack.mjs)
// and the README shows. `site()` is the part an operator puts in their own nginx (inside `http {}`);
// `nginxConfig()` wraps it in a whole file that runs unprivileged from one directory.

/** The upstream and server blocks for Grip behind nginx, round-robin over `upstreams`. */
export function site({ listen, upstreams }) {
  return `upstream grip {
${upstreams.map((u) => `    server ${u} max_fails=1 fail_timeout=5s;`).join('\n')}
    keepalive 32;
}

server {
    listen ${listen};
    # A browser or an API client keeps its connection for many requests (nginx's default closes it after 1,000).
    keepalive_requests 100000;
    # Photos are resized by Grip; the largest upload it takes is 10 MB.
    client_max_body_size 12m;

    location / {
        proxy_pass http://grip;
        proxy_http_version 1.1;
        proxy_set_header Connection "";
        proxy_set_header Host $http_host;
        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
        proxy_set_header X-Forwarded-Proto $scheme;
        # A process that is gone or stopping: the request goes to the next one. POSTs are passed on
        # only when they never reached the first (nginx's default), so nothing is done twice.
        proxy_next_upstream error timeout http_502 http_503;
    }

    # Live updates (Server-Sent Events): never buffered, kept open.
    location = /api/events {
        proxy_pass http://grip;
        proxy_http_version 1.1;
        proxy_set_header Connection "";
        proxy_set_header Host $http_host;
        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
        proxy_set_header X-Forwarded-Proto $scheme;
        proxy_buffering off;
        proxy_cache off;
        proxy_read_timeout 1h;
        proxy_next_upstream error timeout http_502 http_503;
    }
}
`;
}

/** A whole nginx.conf for `nginx -p PREFIX -c PREFIX/nginx.conf`: one worker, no daemon, files under PREFIX. */
export function nginxConfig({ listen, upstreams, prefix }) {
  const indented = site({ listen, upstreams })
    .split('\n')
    .map((line) => (line ? `    ${line}` : line))
    .join('\n');
  return `${process.getuid?.() === 0 ? 'user root;\n' : ''}worker_processes 1;
daemon off;
pid ${prefix}/nginx.pid;
error_log stderr warn;
events {
    worker_connections 1024;
}
http {
    access_log off;
    # Which process answered (tests only: the scale suite kills the one holding a live stream).
    add_header X-Grip-Upstream $upstream_addr always;
    client_body_temp_path ${prefix}/client_body;
    proxy_temp_path ${prefix}/proxy;
    fastcgi_temp_path ${prefix}/fastcgi;
    uwsgi_temp_path ${prefix}/uwsgi;
    scgi_temp_path ${prefix}/scgi;
${indented}}
`;
}
