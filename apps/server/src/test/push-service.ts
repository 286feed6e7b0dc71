import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';

export interface PushDelivery {
  /** The path of the endpoint the push was posted to: which device it was for. */
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A browser's side of a subscription: the keys it would hand to PushSubscription.toJSON(). */
export interface TestDevice {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** Decrypts a push meant for this device, as the browser does before the service worker sees it. */
  open(delivery: PushDelivery): unknown;
}

export interface PushService {
  origin: string;
  deliveries: PushDelivery[];
  /** A new device subscribed at this push service. */
  device(): TestDevice;
  /** How the service answers from now on (201 by default; 410 once a device unsubscribed). */
  answerWith(status: number): void;
  close(): Promise<void>;
}

/**
 * A push service on loopback standing in for FCM/Mozilla/Apple at the HTTP boundary: it records
 * each push as received; devices made here hold real P-256 keys, so a test reads what was sent.
 */
export async function startPushService(): Promise<PushService> {
  const deliveries: PushDelivery[] = [];
  let status = 201;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      deliveries.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    deliveries,
    device() {
      const ecdh: ECDH = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      return {
        endpoint: `${origin}/push/${randomBytes(8).toString('hex')}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
        open: (delivery) =>
          JSON.parse(
            decrypt(delivery.body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth }).toString(
              'utf8',
            ),
          ),
      };
    },
    answerWith(next) {
      status = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Keys a browser would subscribe with (a real P-256 point), for a device no test reads pushes of. */
export function deviceKeys(): { p256dh: string; auth: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

export interface ConnectionCounter {
  port: number;
  /** Connections accepted so far, TLS or not, whether or not a request followed. */
  readonly connections: number;
  close(): Promise<void>;
}

/**
 * A service inside the network, as a server-side request forgery would aim at: a listener on
 * loopback that counts every connection made to it (and answers plain HTTP 201, so a connection
 * that does happen is plain to see). A refused push must leave it at zero.
 */
export async function startConnectionCounter(): Promise<ConnectionCounter> {
  let connections = 0;
  const server = createNetServer((socket) => {
    connections += 1;
    socket.on('error', () => {}); // a TLS client hanging up on a plain answer
    socket.resume(); // read to the client's end, so the socket closes with it
    socket.end('HTTP/1.1 201 Created\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    get connections() {
      return connections;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
