import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import { useCallback, useRef, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { parseLanguage } from '@ensaya/core/i18n/language';
import termsEn from '../../locales/content/terms.en.json';
import termsEs from '../../locales/content/terms.es.json';

/** Pixels of slack at the bottom: zoom and rounding can keep scrollTop a fraction short. */
const END_SLACK_PX = 8;

function isScrolledToEnd(element: HTMLElement): boolean {
  return element.scrollTop + element.clientHeight >= element.scrollHeight - END_SLACK_PX;
}

/**
 * The terms and conditions: 16 numbered paragraphs (spec 000, section 1). The footer shows them;
 * the registration form also passes `onRead`, called once the student has scrolled the text to
 * its end (or at once when it fits without scrolling), which enables its terms checkbox.
 */
export function TermsModal({
  open,
  onClose,
  onRead,
}: {
  open: boolean;
  onClose: () => void;
  onRead?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const terms = parseLanguage(i18n.language) === 'en' ? termsEn : termsEs;
  const hasReported = useRef(false);

  const report = useCallback(
    (element: HTMLElement | null) => {
      if (!onRead || hasReported.current || !element || !isScrolledToEnd(element)) return;
      hasReported.current = true;
      onRead();
    },
    [onRead],
  );

  return (
    <Modal
      open={open}
      title={terms.title}
      onCancel={onClose}
      width={760}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('terms.close')}
        </Button>
      }
    >
      <p className="terms__updated">{terms.updated}</p>
      <ol
        className="terms__list"
        ref={report}
        tabIndex={0}
        aria-label={terms.title}
        onScroll={(event: UIEvent<HTMLOListElement>) => report(event.currentTarget)}
      >
        {terms.paragraphs.map((paragraph) => (
          <li key={paragraph.heading}>
            <h3 className="terms__heading">{paragraph.heading}</h3>
            <p>{paragraph.text}</p>
          </li>
        ))}
      </ol>
    </Modal>
  );
}
