import { useMemo } from 'react';
import { encode } from 'uqr';

/** Light modules around the code: scanners need this quiet zone (4 is the QR standard's minimum). */
const QUIET_ZONE = 4;

/**
 * The otpauth:// link as a QR code for an authenticator app to scan, drawn as one SVG path (no
 * canvas, no image request, nothing for the content security policy to allow). Dark on white
 * whatever the theme, because scanners expect that contrast.
 */
export function TotpQrCode({ value, label }: { value: string; label: string }) {
  const { size, path } = useMemo(() => {
    // Medium error correction: still small enough to scan easily from a laptop screen.
    const qr = encode(value, { ecc: 'M', border: 0 });
    const parts: string[] = [];
    qr.data.forEach((row, y) =>
      row.forEach((isDark, x) => {
        if (isDark) parts.push(`M${x + QUIET_ZONE} ${y + QUIET_ZONE}h1v1h-1z`);
      }),
    );
    return { size: qr.size + QUIET_ZONE * 2, path: parts.join('') };
  }, [value]);

  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className="size-48 rounded-md border border-border bg-white"
    >
      <path d={path} fill="#000" />
    </svg>
  );
}
