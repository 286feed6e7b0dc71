import { describe, expect, it } from 'vitest';
import { stateOfPostcode } from './australia';
import { createGazetteer } from './gazetteer';
import { haversineKm } from './haversine';
import { normalizePlaceText } from './place-text';

const gazetteer = createGazetteer();

/** Within this many km of where the place really is (GeoNames centres of suburbs). */
function expectNear(
  place: { latitude: number; longitude: number } | null | undefined,
  lat: number,
  lng: number,
  km = 3,
) {
  expect(place).toBeTruthy();
  expect(haversineKm(place!.latitude, place!.longitude, lat, lng)).toBeLessThan(km);
}

describe('place text', () => {
  it('ignores case, accents and punctuation', () => {
    expect(normalizePlaceText('ZÜRICH')).toBe('zurich');
    expect(normalizePlaceText('Sant Julià de Lòria')).toBe('sant julia de loria');
    expect(normalizePlaceText("O'Connor ")).toBe('o connor');
    expect(normalizePlaceText('Tromsø')).toBe('tromso');
    expect(normalizePlaceText('Surry-Hills')).toBe('surry hills');
  });

  it('knows which state a postcode belongs to', () => {
    expect(stateOfPostcode('2010')).toBe('NSW');
    expect(stateOfPostcode('2600')).toBe('ACT');
    expect(stateOfPostcode('0800')).toBe('NT');
    expect(stateOfPostcode('3000')).toBe('VIC');
    expect(stateOfPostcode('4064')).toBe('QLD');
    expect(stateOfPostcode('6000')).toBe('WA');
    expect(stateOfPostcode('7000')).toBe('TAS');
    expect(stateOfPostcode('201')).toBeNull();
  });
});

describe('offline gazetteer: suggest', () => {
  it('finds Sydney suburbs from the first letters, with their state', async () => {
    const [first] = await gazetteer.suggest('surry h');
    expect(first).toMatchObject({ label: 'Surry Hills NSW', area: 'Surry Hills NSW' });
    expectNear(first, -33.8847, 151.2111);

    const manly = await gazetteer.suggest('Manly');
    expect(manly[0]?.label).toBe('Manly NSW');
    expectNear(manly[0], -33.7969, 151.2878);
    // Other places starting with the name come after the exact one.
    expect(manly.map((p) => p.label)).toContain('Manly Vale NSW');

    const parramatta = await gazetteer.suggest('parramatta');
    expect(parramatta[0]?.label).toBe('Parramatta NSW');
    expectNear(parramatta[0], -33.815, 151.0011);
    expect(parramatta.map((p) => p.label)).toContain('North Parramatta NSW');
  });

  it("understands 'CBD' and 'St' the way people write them", async () => {
    const [cbd] = await gazetteer.suggest('Melbourne CBD');
    expect(cbd?.label).toBe('Melbourne City Centre VIC');
    expectNear(cbd, -37.8136, 144.9631);
    const [kilda] = await gazetteer.suggest('st kilda');
    expect(kilda?.label).toBe('Saint Kilda VIC');
    const [sydney] = await gazetteer.suggest('sydney cbd');
    expect(sydney?.label).toBe('Sydney NSW');
  });

  it('matches without accents or capitals, in any country', async () => {
    const [zurich] = await gazetteer.suggest('zurich');
    expect(zurich?.label).toBe('Zürich, Switzerland');
    expectNear(zurich, 47.3769, 8.5417);
    expect((await gazetteer.suggest('ZÜRICH'))[0]?.label).toBe('Zürich, Switzerland');
    const [london] = await gazetteer.suggest('London');
    expect(london?.label).toBe('London, United Kingdom');
  });

  it('keeps the street typed before the suburb, with or without a comma', async () => {
    const [withComma] = await gazetteer.suggest('12 Smith St, Surry Hills');
    expect(withComma).toMatchObject({ label: '12 Smith St, Surry Hills NSW', area: 'Surry Hills NSW' });
    const [withoutComma] = await gazetteer.suggest('12 Smith St Surry Hil');
    expect(withoutComma).toMatchObject({ label: '12 Smith St, Surry Hills NSW', area: 'Surry Hills NSW' });
  });

  it('uses a typed state or postcode to choose between places of the same name', async () => {
    const all = await gazetteer.suggest('Newtown');
    expect(all[0]?.label).toBe('Newtown NSW');
    expect(all.map((p) => p.label)).toEqual(expect.arrayContaining(['Newtown VIC', 'Newtown QLD']));

    const qld = await gazetteer.suggest('Newtown QLD');
    expect(qld[0]?.label).toBe('Newtown QLD');
    expect(qld.map((p) => p.label)).not.toContain('Newtown NSW');

    const [brisbane] = await gazetteer.suggest('Paddington 4064');
    expect(brisbane).toMatchObject({ label: 'Paddington QLD 4064', area: 'Paddington QLD' });
    const [sydney] = await gazetteer.suggest('Paddington NSW 2021');
    expect(sydney).toMatchObject({ label: 'Paddington NSW 2021', area: 'Paddington NSW' });
  });

  it('answers nothing for one letter and honours the limit', async () => {
    expect(await gazetteer.suggest('s')).toEqual([]);
    expect(await gazetteer.suggest('   ')).toEqual([]);
    expect(await gazetteer.suggest('north', 3)).toHaveLength(3);
    expect((await gazetteer.suggest('north', 50)).length).toBeLessThanOrEqual(10);
    expect(await gazetteer.suggest('qqxxzz')).toEqual([]);
  });

  it('lists each label once', async () => {
    const labels = (await gazetteer.suggest('Newtown', 10)).map((p) => p.label);
    expect(new Set(labels).size).toBe(labels.length);
  });
});

describe('offline gazetteer: geocode', () => {
  it('finds the suburb of a full Australian address', async () => {
    const place = await gazetteer.geocode('12 Smith St, Surry Hills NSW 2010');
    expect(place).toMatchObject({ label: '12 Smith St, Surry Hills NSW 2010', area: 'Surry Hills NSW' });
    expectNear(place, -33.8847, 151.2111);

    const parramatta = await gazetteer.geocode('1 Darcy St, Parramatta NSW 2150, Australia');
    expect(parramatta?.area).toBe('Parramatta NSW');
    const melbourne = await gazetteer.geocode('Flinders St,  Melbourne VIC 3000');
    expect(melbourne).toMatchObject({ label: 'Flinders St, Melbourne VIC 3000', area: 'Melbourne VIC' });
    expect((await gazetteer.geocode('12 Smith St Manly'))?.area).toBe('Manly NSW');
  });

  it('lets the postcode decide between places of the same name', async () => {
    expect((await gazetteer.geocode('Newtown 4350'))?.area).toBe('Newtown QLD');
    expect((await gazetteer.geocode('Newtown 2042'))?.area).toBe('Newtown NSW');
    expect((await gazetteer.geocode('5 King St, Newtown, 3220'))?.area).toBe('Newtown VIC');
  });

  it('finds places abroad by name and country', async () => {
    const zurich = await gazetteer.geocode('Bahnhofstrasse 1, Zurich, Switzerland');
    expect(zurich?.area).toBe('Zürich, Switzerland');
    expect((await gazetteer.geocode('Paris, France'))?.area).toBe('Paris, France');
  });

  it('answers null rather than a wrong place', async () => {
    expect(await gazetteer.geocode('nowhere at all')).toBeNull();
    // There is no Surry Hills in Victoria (Surrey Hills is spelled differently).
    expect(await gazetteer.geocode('Surry Hills VIC')).toBeNull();
    expect(await gazetteer.geocode('2010')).toBeNull();
  });
});

describe('offline gazetteer: reverse', () => {
  it('names the nearest place honestly and keeps the measured coordinates', async () => {
    const place = await gazetteer.reverse(-33.8846, 151.2115);
    expect(place).toEqual({
      label: 'Near Surry Hills NSW',
      latitude: -33.8846,
      longitude: 151.2115,
      area: 'Surry Hills NSW',
    });
    expect((await gazetteer.reverse(-33.7969, 151.2878))?.area).toBe('Manly NSW');
    expect((await gazetteer.reverse(-33.815, 151.0011))?.area).toBe('Parramatta NSW');
    expect((await gazetteer.reverse(51.5072, -0.1276))?.area).toBe('London, United Kingdom');
  });

  it('answers null far from any known place', async () => {
    // The middle of the Pacific Ocean.
    expect(await gazetteer.reverse(0, -140)).toBeNull();
  });
});
