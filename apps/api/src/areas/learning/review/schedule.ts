import { createEmptyCard, fsrs, Rating, type Card, type Grade } from 'ts-fsrs';
import type { ReviewGrade } from '@ensaya/core/review/rating';

/**
 * The FSRS scheduler (ts-fsrs, default weights). Day-sized steps only (`enable_short_term` off: no
 * minute-long learning steps, a review session is a daily habit, not a flashcard drill), no fuzz
 * (the same answers give the same dates, so tests and students can rely on them), 90 % retention
 * asked for, and at most a year between reviews (the PAES comes once a year).
 */
const scheduler = fsrs({
  request_retention: 0.9,
  maximum_interval: 365,
  enable_fuzz: false,
  enable_short_term: false,
});

/** A card's memory state as `review_cards` keeps it. */
export interface CardState {
  state: number;
  stability: number;
  difficulty: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  dueAt: Date;
  lastReviewAt: Date | null;
}

const GRADE: Record<ReviewGrade, Grade> = {
  again: Rating.Again,
  hard: Rating.Hard,
  good: Rating.Good,
  easy: Rating.Easy,
};

function fromFsrs(card: Card): CardState {
  return {
    state: card.state,
    stability: card.stability,
    difficulty: card.difficulty,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    dueAt: card.due,
    lastReviewAt: card.last_review ?? null,
  };
}

function toFsrs(card: CardState): Card {
  return {
    state: card.state,
    stability: card.stability,
    difficulty: card.difficulty,
    scheduled_days: card.scheduledDays,
    learning_steps: card.learningSteps,
    reps: card.reps,
    lapses: card.lapses,
    due: card.dueAt,
    elapsed_days: 0,
    ...(card.lastReviewAt ? { last_review: card.lastReviewAt } : {}),
  };
}

/** A question that has just entered the queue: never rated, due at once. */
export function newCard(now: Date): CardState {
  return fromFsrs(createEmptyCard(now));
}

/** The card after an answer graded `grade` at `now` (a new card when there was none). */
export function rateCard(card: CardState | null, grade: ReviewGrade, now: Date): CardState {
  return fromFsrs(scheduler.next(toFsrs(card ?? newCard(now)), now, GRADE[grade]).card);
}
