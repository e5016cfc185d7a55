-- Issue 27, item 12: packages and subjects are data, so their English is data too. A package has
-- an English name and description, a subject an English description (its name is the official
-- test's, the same in both languages). Empty: the Spanish text shows (docs/api.md, "Language").
-- The demo catalogue already stored gets its English here; a new one gets it from the seed.
ALTER TABLE "packages" ADD COLUMN "name_en" text;
--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "description_en" text;
--> statement-breakpoint
ALTER TABLE "subjects" ADD COLUMN "description_en" text;
--> statement-breakpoint
UPDATE "packages" SET "name_en" = v.name_en, "description_en" = v.description_en
FROM (VALUES
  ('PAES Mensual', 'PAES Monthly', 'All five PAES tests: practice by topic, timed mock exams and statistics for one month.'),
  ('PAES Trimestral', 'PAES Quarterly', 'All five PAES tests: practice by topic, timed mock exams and statistics for three months.'),
  ('PAES Semestral', 'PAES Six-Monthly', 'All five PAES tests: practice by topic, timed mock exams and statistics for six months.'),
  ('PAES Anual', 'PAES Yearly', 'All five PAES tests: practice by topic, timed mock exams and statistics for one year.'),
  ('PAES Dúo', 'PAES Duo', 'Choose two PAES tests and prepare for them for one month.'),
  ('Licencia Clase B', 'Class B Licence', 'Practice and mock exams for the class B driving licence theory exam for one month.')
) AS v(name, name_en, description_en)
WHERE "packages"."name" = v.name AND "packages"."name_en" IS NULL;
--> statement-breakpoint
UPDATE "subjects" SET "description_en" = v.description_en
FROM (VALUES
  ('Competencia Lectora', 'Locate, interpret and evaluate information in literary and non-literary texts.'),
  ('Competencia Matemática M1', 'The compulsory mathematics test: numbers, algebra, geometry, probability and statistics.'),
  ('Competencia Matemática M2', 'The elective mathematics test for science and engineering degrees.'),
  ('Ciencias', 'Biology, Chemistry and Physics: a common module and an elective module.'),
  ('Historia y Ciencias Sociales', 'History of Chile, the Americas and the world, civic education and the economic system.'),
  ('Examen teórico clase B', 'Traffic rules, signs and safe driving to get the class B driving licence.')
) AS v(name, description_en)
WHERE "subjects"."name" = v.name AND "subjects"."description_en" IS NULL;
