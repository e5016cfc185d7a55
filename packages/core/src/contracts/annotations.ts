import { z } from 'zod';
import {
  MAX_ANNOTATED_CONTEXTS,
  MAX_ANNOTATED_QUESTIONS,
  MAX_HIGHLIGHT_OFFSET,
  MAX_HIGHLIGHTS_PER_CONTEXT,
} from '../engine/annotations.ts';
import { Id } from './ids.ts';

/** A highlighted passage of a context's text, in characters (`start` < `end`). */
export const HighlightRange = z
  .object({
    start: z.number().int().min(0).max(MAX_HIGHLIGHT_OFFSET),
    end: z.number().int().min(1).max(MAX_HIGHLIGHT_OFFSET),
  })
  .strict()
  .refine((range) => range.start < range.end, {
    message: 'validation.invalid',
    path: ['end'],
  });

/** A question's crossed-out choices (they never change the answer). */
export const QuestionStrikes = z.object({ stem_id: Id, choice_ids: z.array(Id).max(9) }).strict();

/** A reading context's highlights. */
export const ContextHighlights = z
  .object({ context_id: Id, ranges: z.array(HighlightRange).max(MAX_HIGHLIGHTS_PER_CONTEXT) })
  .strict();

/** No question or context twice. */
function uniqueBy<T>(items: readonly T[], key: (item: T) => number): boolean {
  return new Set(items.map(key)).size === items.length;
}

/** An attempt's paper tools: crossed-out choices and highlighted passages. */
export const Annotations = z.object({
  strikes: z
    .array(QuestionStrikes)
    .max(MAX_ANNOTATED_QUESTIONS)
    .refine((items) => uniqueBy(items, (item) => item.stem_id), { message: 'validation.invalid' }),
  highlights: z
    .array(ContextHighlights)
    .max(MAX_ANNOTATED_CONTEXTS)
    .refine((items) => uniqueBy(items, (item) => item.context_id), {
      message: 'validation.invalid',
    }),
});
export type Annotations = z.infer<typeof Annotations>;

/**
 * `PUT api/user-tests/{id}/annotations`: the whole state with a client sequence number; the server
 * keeps the newest (a repeat or an older one changes nothing).
 */
export const SaveAnnotationsRequest = Annotations.extend({
  seq: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
}).strict();
export type SaveAnnotationsRequest = z.infer<typeof SaveAnnotationsRequest>;

/** `GET api/user-tests/{id}/annotations`. `seq` 0: nothing saved yet. */
export const AnnotationsResponse = z.object({
  data: Annotations.extend({ seq: z.number().int() }),
});
export type AnnotationsResponse = z.infer<typeof AnnotationsResponse>;

/** `applied` is false when a newer (or the same) `seq` was already stored. */
export const SaveAnnotationsResponse = z.object({
  data: z.object({ seq: z.number().int(), applied: z.boolean() }),
});
export type SaveAnnotationsResponse = z.infer<typeof SaveAnnotationsResponse>;
