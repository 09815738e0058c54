import QRCode from 'qrcode';
import { useMemo } from 'react';

/** The quiet zone around the symbol, in modules (ISO/IEC 18004 asks for four). */
const QUIET = 4;

/**
 * A QR code as inline SVG (one path of its dark modules), so the strict CSP needs no
 * image source or canvas: the set-up of an authenticator app shows its otpauth:// URI so.
 */
export function QrCode({ text, label }: { text: string; label: string }) {
  const { size, path } = useMemo(() => {
    const modules = QRCode.create(text, { errorCorrectionLevel: 'M' }).modules;
    let d = '';
    for (let row = 0; row < modules.size; row += 1) {
      for (let col = 0; col < modules.size; col += 1) {
        if (modules.get(row, col)) d += `M${col + QUIET} ${row + QUIET}h1v1h-1z`;
      }
    }
    return { size: modules.size + 2 * QUIET, path: d };
  }, [text]);
  return (
    <svg
      className="qr-code"
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
