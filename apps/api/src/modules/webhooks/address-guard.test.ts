import { describe, expect, test } from 'vitest';
import { addressGuard, isPublicAddress, v6Bytes } from './address-guard';

describe('public addresses (docs/webhooks.md#which-addresses-are-accepted)', () => {
  test('the public Internet is public', () => {
    for (const address of [
      '93.184.216.34',
      '8.8.8.8',
      '1.1.1.1',
      '2606:4700:4700::1111',
      '2a00:1450:4003::200e',
    ]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  test('loopback, private, CGNAT, link-local, metadata, multicast, reserved and mapped forms are not', () => {
    for (const address of [
      '127.0.0.1',
      '127.8.9.10',
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.169.254',
      '0.0.0.0',
      '224.0.0.251',
      '255.255.255.255',
      '198.18.0.1',
      '::',
      '::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '::127.0.0.1',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1%eth0',
      'fec0::1',
      'ff02::1',
      '2001:db8::1',
      '64:ff9b::a00:1',
      '2002:7f00:1::1',
      'no es una dirección',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    expect(isPublicAddress('172.32.0.1')).toBe(true);
    expect(isPublicAddress('::ffff:93.184.216.34')).toBe(true);
  });

  test('IPv6 text is read as its 16 bytes', () => {
    expect(v6Bytes('::1')).toEqual([...Array(15).fill(0), 1]);
    expect(v6Bytes('::ffff:1.2.3.4')?.slice(10)).toEqual([0xff, 0xff, 1, 2, 3, 4]);
    expect(v6Bytes('1:2:3:4:5:6:7:8:9')).toBeNull();
    expect(v6Bytes('1::2::3')).toBeNull();
  });

  test('every address a name gives is checked, unless private ones are allowed', async () => {
    const resolver = async () => [
      { address: '93.184.216.34', family: 4 as const },
      { address: '10.0.0.7', family: 4 as const },
    ];
    const strict = addressGuard({ allowPrivate: false, resolver });
    await expect(strict.resolve(new URL('https://mixto.example.test/'))).rejects.toThrow(/10\.0\.0\.7/);
    const open = addressGuard({ allowPrivate: true, resolver });
    await expect(open.resolve(new URL('https://mixto.example.test/'))).resolves.toEqual({
      address: '93.184.216.34',
      family: 4,
    });
  });
});
