import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import TextArea from 'antd/es/input/TextArea';
import { memo, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_COMMENT_LENGTH } from '@ensaya/core/engine/setup';
import { AntdScope } from '../../app/antd-scope.tsx';
import { InfoDialog } from '../../components/info-dialog.tsx';
import { showApiError } from '../../lib/api-client.ts';
import { useSendStemComment } from '../api/send-stem-comment.ts';
import { TEST_TAKING_NAMESPACE } from '../lib/test-taking-i18n.ts';

/** 3 to 5 rows (spec 001, section 9); a constant, so the text area does not re-measure on renders. */
const AUTO_SIZE = { minRows: 3, maxRows: 5 };

/**
 * A comment on the question for the content team (spec 001, sections 2 and 9: at most 500
 * characters with a counter, 3 to 5 rows). The server's answer is shown as information.
 */
export const CommentBox = memo(function CommentBox({
  subjectId,
  stemId,
  attemptId,
  onSent,
  hasTitle = true,
}: {
  subjectId: number;
  stemId: number;
  attemptId: number;
  /** The server's answer goes here instead of this box's own message (the report dialog). */
  onSent?: (message: string) => void;
  hasTitle?: boolean;
}) {
  const { t } = useTranslation(TEST_TAKING_NAMESPACE);
  const id = useId();
  // The draft belongs to its question: moving to another one starts empty, without remounting
  // the text area (its auto-size measures the page, which costs a frame on every move).
  const [draft, setDraft] = useState({ stemId, text: '' });
  const comment = draft.stemId === stemId ? draft.text : '';
  const setComment = (value: string) => setDraft({ stemId, text: value });
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const send = useSendStemComment();
  const text = comment.trim();

  function submit() {
    if (!text) return;
    send.mutate(
      { subjectId, stemId, comment: text, userTestId: attemptId },
      {
        onSuccess: (message) => {
          setComment('');
          if (onSent) onSent(message);
          else setSentMessage(message);
        },
        onError: showApiError,
      },
    );
  }

  return (
    <section className="comment-box" aria-labelledby={`${id}-title`}>
      <h3
        id={`${id}-title`}
        className={hasTitle ? 'comment-box__title' : 'comment-box__title visually-hidden'}
      >
        {t('comment.title')}
      </h3>
      <label htmlFor={id} className="comment-box__label">
        {t('comment.label')}
      </label>
      <TextArea
        id={id}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
        maxLength={MAX_COMMENT_LENGTH}
        showCount
        autoSize={AUTO_SIZE}
      />
      <div className="comment-box__actions">
        <Button onClick={submit} disabled={!text} loading={send.isPending}>
          {t('comment.send')}
        </Button>
      </div>
      {sentMessage && (
        <InfoDialog
          title={t('comment.sentTitle')}
          content={sentMessage}
          onClosed={() => setSentMessage(null)}
        />
      )}
    </section>
  );
});

/**
 * The comment form in a small dialog, behind the test page's "Report a problem" action
 * (report-problem.tsx loads this chunk, and Ant Design with it, when the student asks for it).
 * The same comment, the same API; the server's answer is shown once the dialog closes.
 */
export function ReportProblemDialog({
  open,
  onClose,
  ...props
}: {
  open: boolean;
  onClose: () => void;
  subjectId: number;
  stemId: number;
  attemptId: number;
}) {
  const { t } = useTranslation(TEST_TAKING_NAMESPACE);
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  return (
    <AntdScope>
      <Modal open={open} title={t('comment.open')} footer={null} onCancel={onClose}>
        <CommentBox
          {...props}
          hasTitle={false}
          onSent={(message) => {
            onClose();
            setSentMessage(message);
          }}
        />
      </Modal>
      {sentMessage && (
        <InfoDialog
          title={t('comment.sentTitle')}
          content={sentMessage}
          onClosed={() => setSentMessage(null)}
        />
      )}
    </AntdScope>
  );
}
