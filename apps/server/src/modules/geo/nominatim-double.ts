import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server that answers like Nominatim (jsonv2), for tests only: the real service is
 * on the internet. Queries steer it: 'slow' never answers, 'boom' fails with 500, 'busy' with
 * 429, 'garbage' sends something that is not JSON, 'odd' sends JSON of the wrong shape.
 */
export interface NominatimDouble {
  url: string;
  requests: { path: string; params: URLSearchParams; headers: IncomingHttpHeaders }[];
  close(): Promise<void>;
}

const SURRY_HILLS = {
  place_id: 1,
  licence: 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright',
  osm_type: 'relation',
  osm_id: 1,
  lat: '-33.8847',
  lon: '151.2111',
  category: 'boundary',
  type: 'administrative',
  addresstype: 'suburb',
  name: 'Surry Hills',
  display_name: 'Surry Hills, Sydney, Council of the City of Sydney, New South Wales, 2010, Australia',
  address: {
    suburb: 'Surry Hills',
    city: 'Sydney',
    municipality: 'Council of the City of Sydney',
    state: 'New South Wales',
    'ISO3166-2-lvl4': 'AU-NSW',
    postcode: '2010',
    country: 'Australia',
    country_code: 'au',
  },
  boundingbox: ['-33.8930', '-33.8764', '151.2025', '151.2195'],
};

const BONDI_STREET = {
  ...SURRY_HILLS,
  lat: '-33.8915',
  lon: '151.2767',
  display_name: '10, Campbell Parade, Bondi Beach, Sydney, New South Wales, 2026, Australia',
  address: {
    house_number: '10',
    road: 'Campbell Parade',
    suburb: 'Bondi Beach',
    city: 'Sydney',
    country_code: 'au',
  },
};

const VILLAGE = {
  ...SURRY_HILLS,
  lat: '-35.0',
  lon: '149.0',
  display_name: 'Hall, Australian Capital Territory, Australia',
  address: { village: 'Hall', state: 'Australian Capital Territory' },
};

export async function startNominatimDouble(): Promise<NominatimDouble> {
  const requests: NominatimDouble['requests'] = [];
  const hanging = new Set<ServerResponse>();
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push({ path: url.pathname, params: url.searchParams, headers: req.headers });
    const q = url.searchParams.get('q') ?? '';
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (q === 'slow' || url.searchParams.get('lat') === '1') {
      hanging.add(res);
      return;
    }
    if (q === 'boom' || url.searchParams.get('lat') === '2') return json(500, { error: 'Internal error' });
    if (q === 'busy') return json(429, { error: 'Too many requests' });
    if (q === 'garbage') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>Not JSON</html>');
      return;
    }
    if (q === 'odd') return json(200, { results: 'not a list' });
    if (url.pathname === '/search') {
      if (q.toLowerCase().includes('surry'))
        return json(200, [SURRY_HILLS].slice(0, Number(url.searchParams.get('limit') ?? 10)));
      if (q.toLowerCase().includes('campbell')) return json(200, [BONDI_STREET]);
      if (q.toLowerCase().includes('hall')) return json(200, [VILLAGE]);
      return json(200, []);
    }
    if (url.pathname === '/reverse') {
      if (url.searchParams.get('lat') === '0') return json(200, { error: 'Unable to geocode' });
      return json(200, SURRY_HILLS);
    }
    return json(404, { error: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
