import { Alert, Button, Card } from 'react-bootstrap';
import { uz } from '../../../lib/uz';
import { paths } from '../../app/paths';
import { qrUrls } from './qrUrls';

/** Interface text of the panel (ours: the specification has no QR screen). */
export const qrText = {
  title: 'QR-kod',
  hint: "Menyuni ko'rish uchun skanerlang",
  imageAlt: 'Menyu QR-kodi',
  downloadSvg: 'SVG yuklab olish',
  downloadPng: 'PNG yuklab olish',
  printCard: 'Stol kartasini chop etish',
  menuLink: 'Menyu havolasi',
} as const;

export interface QrCodePanelProps {
  slug: string;
  /**
   * A Nofaol restaurant's menu and table card answer 404: the panel says so instead of offering codes that lead
   * nowhere.
   */
  active: boolean;
  /**
   * Origin shown in the menu link (default: the panel's own). The QR code itself is drawn by the server, which uses
   * PUBLIC_URL when set; pass the same value here when the panel runs on another address.
   */
  origin?: string;
}

/**
 * The menu's QR code on the restaurant view: the code, its downloads (SVG for print shops, PNG for messengers), the
 * printable A6 table card and the link diners land on. Presentational: the only requests are the image and links.
 */
export function QrCodePanel({ slug, active, origin }: QrCodePanelProps) {
  const menuLink = `${origin ?? window.location.origin}${paths.publicMenu(slug)}`;
  if (!active)
    return (
      <Card className="qr-panel" data-testid="qr-panel">
        <Card.Body>
          <Card.Title as="h2" className="h5">
            {qrText.title}
          </Card.Title>
          <Alert variant="warning" className="small mb-0">
            {uz.restaurantInactiveMenu}
          </Alert>
        </Card.Body>
      </Card>
    );
  return (
    <Card className="qr-panel" data-testid="qr-panel">
      <Card.Body className="d-flex flex-column flex-sm-row align-items-center gap-3">
        <img
          src={qrUrls.svg(slug)}
          alt={qrText.imageAlt}
          width={168}
          height={168}
          className="border rounded bg-white flex-shrink-0"
        />
        <div className="text-center text-sm-start" style={{ minWidth: 0 }}>
          <Card.Title as="h2" className="h5 mb-1">
            {qrText.title}
          </Card.Title>
          <p className="text-muted small mb-2">{qrText.hint}</p>
          <a
            href={menuLink}
            target="_blank"
            rel="noopener noreferrer"
            className="d-block text-break small mb-3"
            aria-label={`${qrText.menuLink}: ${menuLink}`}
          >
            {menuLink}
          </a>
          <div className="d-flex flex-wrap justify-content-center justify-content-sm-start gap-2">
            <Button
              as="a"
              href={qrUrls.svg(slug, true)}
              download={qrUrls.fileName(slug, 'svg')}
              variant="outline-secondary"
              size="sm"
            >
              {qrText.downloadSvg}
            </Button>
            <Button
              as="a"
              href={qrUrls.png(slug, true)}
              download={qrUrls.fileName(slug, 'png')}
              variant="outline-secondary"
              size="sm"
            >
              {qrText.downloadPng}
            </Button>
            <Button
              as="a"
              href={qrUrls.card(slug)}
              target="_blank"
              rel="noopener noreferrer"
              variant="primary"
              size="sm"
            >
              {qrText.printCard}
            </Button>
          </div>
        </div>
      </Card.Body>
    </Card>
  );
}
