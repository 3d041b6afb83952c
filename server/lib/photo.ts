import jpeg from "jpeg-js";

/**
 * Small real JPEG photos for demo data and tests: a picture drawn pixel by pixel (sky, ground and a
 * building in the given colours), encoded by jpeg-js, with an EXIF segment carrying the date it was
 * taken and, optionally, the GPS position (what a phone camera writes and exifr reads back).
 */

export interface PhotoSpec {
  width?: number;
  height?: number;
  /** The building's colour, RGB. */
  color: readonly [number, number, number];
  /** How much of the building stands (0–1): a construction's progress in the picture. */
  built?: number;
  takenAt?: Date;
  position?: { latitude: number; longitude: number };
}

/** EXIF in TIFF big-endian: IFD0 → Exif IFD (DateTimeOriginal) and GPS IFD (latitude/longitude as degrees, minutes, seconds). */
function exifSegment(takenAt: Date | undefined, position: PhotoSpec["position"]): Buffer {
  type Entry = { tag: number; type: number; count: number; data: Buffer };
  const ascii = (text: string) => Buffer.from(`${text}\0`, "ascii");
  const rationals = (values: [number, number][]) => {
    const buffer = Buffer.alloc(values.length * 8);
    values.forEach(([n, d], i) => {
      buffer.writeUInt32BE(n, i * 8);
      buffer.writeUInt32BE(d, i * 8 + 4);
    });
    return buffer;
  };
  const dms = (value: number): [number, number][] => {
    const abs = Math.abs(value);
    const degrees = Math.floor(abs);
    const minutes = Math.floor((abs - degrees) * 60);
    const seconds = Math.round(((abs - degrees) * 60 - minutes) * 60 * 1000);
    return [
      [degrees, 1],
      [minutes, 1],
      [seconds, 1000],
    ];
  };
  const two = (n: number) => String(n).padStart(2, "0");
  const stamp = takenAt
    ? `${takenAt.getUTCFullYear()}:${two(takenAt.getUTCMonth() + 1)}:${two(takenAt.getUTCDate())} ${two(takenAt.getUTCHours())}:${two(takenAt.getUTCMinutes())}:${two(takenAt.getUTCSeconds())}`
    : undefined;

  const exif: Entry[] = stamp ? [{ tag: 0x9003, type: 2, count: 20, data: ascii(stamp) }] : [];
  const gps: Entry[] = position
    ? [
        { tag: 0x0001, type: 2, count: 2, data: ascii(position.latitude < 0 ? "S" : "N") },
        { tag: 0x0002, type: 5, count: 3, data: rationals(dms(position.latitude)) },
        { tag: 0x0003, type: 2, count: 2, data: ascii(position.longitude < 0 ? "W" : "E") },
        { tag: 0x0004, type: 5, count: 3, data: rationals(dms(position.longitude)) },
      ]
    : [];

  // Layout: header (8) | IFD0 | Exif IFD | GPS IFD | values that do not fit in 4 bytes.
  const ifdSize = (entries: Entry[]) => 2 + entries.length * 12 + 4;
  const ifd0Entries = (exif.length ? 1 : 0) + (gps.length ? 1 : 0);
  const ifd0Offset = 8;
  const exifOffset = ifd0Offset + 2 + ifd0Entries * 12 + 4;
  const gpsOffset = exifOffset + (exif.length ? ifdSize(exif) : 0);
  let dataOffset = gpsOffset + (gps.length ? ifdSize(gps) : 0);
  const chunks: Buffer[] = [];

  const writeIfd = (entries: Entry[]) => {
    const ifd = Buffer.alloc(ifdSize(entries));
    ifd.writeUInt16BE(entries.length, 0);
    entries.forEach((entry, i) => {
      const at = 2 + i * 12;
      ifd.writeUInt16BE(entry.tag, at);
      ifd.writeUInt16BE(entry.type, at + 2);
      ifd.writeUInt32BE(entry.count, at + 4);
      if (entry.data.length <= 4) entry.data.copy(ifd, at + 8);
      else {
        ifd.writeUInt32BE(dataOffset, at + 8);
        chunks.push(entry.data);
        dataOffset += entry.data.length;
      }
    });
    return ifd;
  };
  const pointer = (tag: number, offset: number): Entry => {
    const data = Buffer.alloc(4);
    data.writeUInt32BE(offset, 0);
    return { tag, type: 4, count: 1, data };
  };
  const ifd0 = writeIfd([...(exif.length ? [pointer(0x8769, exifOffset)] : []), ...(gps.length ? [pointer(0x8825, gpsOffset)] : [])]);
  const exifIfd = exif.length ? writeIfd(exif) : Buffer.alloc(0);
  const gpsIfd = gps.length ? writeIfd(gps) : Buffer.alloc(0);
  const tiff = Buffer.concat([Buffer.from("MM\0\x2a\0\0\0\x08", "binary"), ifd0, exifIfd, gpsIfd, ...chunks]);
  const body = Buffer.concat([Buffer.from("Exif\0\0", "binary"), tiff]);
  const header = Buffer.alloc(4);
  header.writeUInt16BE(0xffe1, 0);
  header.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([header, body]);
}

/** A JPEG photo as bytes. */
export function demoPhoto(spec: PhotoSpec): Buffer {
  const width = spec.width ?? 160;
  const height = spec.height ?? 120;
  const data = Buffer.alloc(width * height * 4);
  const horizon = Math.round(height * 0.62);
  const built = Math.max(0.1, Math.min(1, spec.built ?? 1));
  const top = horizon - Math.round(height * 0.45 * built);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const building = x > width * 0.25 && x < width * 0.75 && y >= top && y < horizon;
      const window = building && (x % 14 < 5) && (y % 12 < 5) && y > top + 4;
      const [r, g, b] = building ? (window ? [40, 60, 90] : spec.color) : y < horizon ? [150 + Math.round((y / horizon) * 60), 190 + Math.round((y / horizon) * 40), 235] : [120, 100 + (x % 7), 70];
      data[i] = r;
      data[i + 1] = g;
      data[i + 2] = b;
      data[i + 3] = 255;
    }
  }
  const encoded = jpeg.encode({ data, width, height }, 80).data;
  if (!spec.takenAt && !spec.position) return encoded;
  // The EXIF segment goes right after the start-of-image marker.
  return Buffer.concat([encoded.subarray(0, 2), exifSegment(spec.takenAt, spec.position), encoded.subarray(2)]);
}
