import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import { useTranslation } from 'react-i18next';
import { ADMIN_NAMESPACE } from '../lib/admin-i18n.ts';
import { choiceLetter, MAX_CHOICES, MIN_CHOICES } from '../lib/question-validation.ts';

export interface ChoiceDraft {
  /** A stable React key: choices move up and down. */
  key: string;
  body: string;
  isCorrect: boolean;
}

/** The choices A) to I): text, the key mark (a radio for single choice), order and removal. */
export function ChoicesEditor({
  choices,
  isMultiChoice,
  errors,
  onChange,
  newKey,
}: {
  choices: ChoiceDraft[];
  isMultiChoice: boolean;
  errors: (string | undefined)[];
  onChange: (choices: ChoiceDraft[]) => void;
  newKey: () => string;
}) {
  const { t } = useTranslation(ADMIN_NAMESPACE);

  const update = (index: number, change: Partial<ChoiceDraft>) =>
    onChange(choices.map((choice, i) => (i === index ? { ...choice, ...change } : choice)));

  function markCorrect(index: number, isCorrect: boolean) {
    if (isMultiChoice) update(index, { isCorrect });
    else onChange(choices.map((choice, i) => ({ ...choice, isCorrect: i === index })));
  }

  function move(index: number, offset: -1 | 1) {
    const next = [...choices];
    const [moved] = next.splice(index, 1);
    next.splice(index + offset, 0, moved!);
    onChange(next);
  }

  return (
    <ol className="choices-editor">
      {choices.map((choice, index) => {
        const letter = choiceLetter(index);
        const id = `choice-${index}`;
        const error = errors[index];
        return (
          <li key={choice.key} className="choices-editor__item">
            <div className="choices-editor__head">
              <span className="choices-editor__label" aria-hidden="true">
                {letter})
              </span>
              {isMultiChoice ? (
                <Checkbox
                  aria-label={t('editor.correct', { letter })}
                  checked={choice.isCorrect}
                  onChange={(event) => markCorrect(index, event.target.checked)}
                >
                  {t('editor.correctShort')}
                </Checkbox>
              ) : (
                <Radio
                  aria-label={t('editor.correct', { letter })}
                  name="correct-choice"
                  checked={choice.isCorrect}
                  onChange={() => markCorrect(index, true)}
                >
                  {t('editor.correctShort')}
                </Radio>
              )}
              <div className="choices-editor__tools">
                <Button
                  size="small"
                  aria-label={`${t('common.moveUp')} ${letter}`}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  ↑
                </Button>
                <Button
                  size="small"
                  aria-label={`${t('common.moveDown')} ${letter}`}
                  disabled={index === choices.length - 1}
                  onClick={() => move(index, 1)}
                >
                  ↓
                </Button>
                <Button
                  size="small"
                  danger
                  aria-label={`${t('common.remove')} ${letter}`}
                  disabled={choices.length <= MIN_CHOICES}
                  onClick={() => onChange(choices.filter((_, i) => i !== index))}
                >
                  ×
                </Button>
              </div>
            </div>
            <Input.TextArea
              id={id}
              aria-label={t('editor.choice', { letter })}
              value={choice.body}
              autoSize={{ minRows: 1, maxRows: 6 }}
              status={error ? 'error' : undefined}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => update(index, { body: event.target.value })}
            />
            {error && (
              <div id={`${id}-error`} className="form-field__error">
                {t(error)}
              </div>
            )}
          </li>
        );
      })}
      {choices.length < MAX_CHOICES && (
        <li className="choices-editor__add">
          <Button
            onClick={() => onChange([...choices, { key: newKey(), body: '', isCorrect: false }])}
          >
            {t('editor.addChoice')}
          </Button>
        </li>
      )}
    </ol>
  );
}
