import { makeStyles } from '@fluentui/react-components';

const useStyles = makeStyles({ img: { display: 'block', width: 'auto', maxWidth: '100%', objectFit: 'contain' } });

/** The bundled 290x60 logo (web/public, rendered from web/assets-src/logo.svg). */
export const BUNDLED_LOGO = '/logo.png';
const BUNDLED_LOGO_2X = '/logo@2x.png';

/**
 * The site's logo: the one a Super Admin uploaded (the `site` document's `logo_image_id`), else the bundled one.
 * `height` in CSS pixels (the width follows the 290x60 proportions).
 */
export function Logo({ imageId = null, companyName = 'ACPG', height = 36 }: { imageId?: string | null; companyName?: string; height?: number }) {
  const s = useStyles();
  const width = Math.round((height * 290) / 60);
  if (imageId) {
    const url = (w: number) => `/api/v1/cms/images/${encodeURIComponent(imageId)}/${w}.webp`;
    return <img className={s.img} src={url(384)} srcSet={`${url(256)} 256w, ${url(384)} 384w, ${url(640)} 640w`} sizes={`${width}px`} alt={companyName} height={height} />;
  }
  return <img className={s.img} src={BUNDLED_LOGO} srcSet={`${BUNDLED_LOGO} 1x, ${BUNDLED_LOGO_2X} 2x`} alt={companyName} width={width} height={height} />;
}
