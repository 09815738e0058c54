import { paymentMessages } from '@adboard/shared';
import type * as qrcode from 'qrcode';
import { useEffect, useState } from 'react';
import './payment-view.css';
import { useSay } from '../../i18n/language-context';

type QrLibrary = typeof qrcode;

/**
 * The QR code library, loaded on first use only: it is a chunk of its own that no
 * other screen pulls in. A CommonJS package: its exports may sit under `default`.
 */
async function loadQrLibrary(): Promise<QrLibrary> {
  const loaded: QrLibrary & { default?: QrLibrary } = await import('qrcode');
  return loaded.default ?? loaded;
}

/** An SVG QR code as a data: URL (the page's CSP allows data: images, no inline script). */
export async function qrDataUrl(text: string): Promise<string> {
  const qr = await loadQrLibrary();
  const svg = await qr.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** The QR code of a BIP21 payment URI, for a wallet on a phone to scan. */
export function PaymentQr({ uri }: { uri: string }) {
  const say = useSay();
  const [drawn, setDrawn] = useState<{ uri: string; src: string } | null>(null);

  useEffect(() => {
    let live = true;
    qrDataUrl(uri)
      .then((src) => {
        if (live) setDrawn({ uri, src });
      })
      .catch((error: unknown) => {
        // The library's chunk did not load (a network failure): only logged, the
        // address, the amount and the wallet link are still there.
        console.warn('QR code not drawn', error);
      });
    return () => {
      live = false;
    };
  }, [uri]);

  if (drawn?.uri !== uri) return <div className="payment__qr payment__qr--pending" aria-hidden />;
  return (
    <img
      className="payment__qr"
      src={drawn.src}
      alt={say(paymentMessages.qrAlt)}
      width={200}
      height={200}
    />
  );
}
