CREATE TABLE "content_videos" (
	"id" serial PRIMARY KEY NOT NULL,
	"content_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"mime_type" varchar(64) NOT NULL,
	"size" bigint NOT NULL,
	"duration_seconds" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"live_event_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_videos_duration" CHECK ("content_videos"."duration_seconds" > 0)
);
--> statement-breakpoint
CREATE TABLE "progress_views" (
	"view_token" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"content_id" integer NOT NULL,
	"last_sequence" integer NOT NULL,
	"last_at" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_offer_subjects" (
	"user_offer_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	CONSTRAINT "user_offer_subjects_user_offer_id_subject_id_pk" PRIMARY KEY("user_offer_id","subject_id")
);
--> statement-breakpoint
ALTER TABLE "chapter_sections" ADD COLUMN "type" varchar(16) DEFAULT 'course' NOT NULL;--> statement-breakpoint
ALTER TABLE "content_progress" ADD COLUMN "watched" "int4multirange" DEFAULT '{}'::int4multirange NOT NULL;--> statement-breakpoint
ALTER TABLE "content_progress" ADD COLUMN "watched_seconds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "content_progress" ADD COLUMN "last_tick_at" bigint;--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "instructor_description" text;--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "rtl" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "qcm_id" integer;--> statement-breakpoint
ALTER TABLE "offer_groups" ADD COLUMN "unlocks_content" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "content_videos" ADD CONSTRAINT "content_videos_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_videos" ADD CONSTRAINT "content_videos_live_event_id_live_events_id_fk" FOREIGN KEY ("live_event_id") REFERENCES "public"."live_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_views" ADD CONSTRAINT "progress_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_views" ADD CONSTRAINT "progress_views_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_offer_subjects" ADD CONSTRAINT "user_offer_subjects_user_offer_id_user_offers_id_fk" FOREIGN KEY ("user_offer_id") REFERENCES "public"."user_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_offer_subjects" ADD CONSTRAINT "user_offer_subjects_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_videos_content_idx" ON "content_videos" USING btree ("content_id");--> statement-breakpoint
CREATE INDEX "progress_views_updated_idx" ON "progress_views" USING btree ("updated_at");--> statement-breakpoint
ALTER TABLE "chapter_sections" ADD CONSTRAINT "chapter_sections_type" CHECK ("chapter_sections"."type" in ('course', 'recording', 'exam', 'divers'));--> statement-breakpoint
-- A section shows under the tab of its chapters' type.
UPDATE "chapter_sections" AS s SET "type" = c."type"
FROM (SELECT DISTINCT ON ("section_id") "section_id", "type" FROM "chapters" WHERE "section_id" IS NOT NULL ORDER BY "section_id", "position", "id") AS c
WHERE c."section_id" = s."id";--> statement-breakpoint
-- The free offer opens no lesson (only the free ones, open to all).
UPDATE "offer_groups" SET "unlocks_content" = false WHERE "id" = 83;--> statement-breakpoint
-- Progress recorded before the watched seconds were: its share of the video, from the start.
UPDATE "content_progress" AS p SET "watched" = int4multirange(int4range(0, w."seconds")), "watched_seconds" = w."seconds"
FROM (
  SELECT cp."user_id", cp."content_id",
    CASE WHEN cp."completed" THEN c."duration_seconds" ELSE LEAST(c."duration_seconds", CEIL(cp."percentage" * c."duration_seconds" / 100.0)::int) END AS "seconds"
  FROM "content_progress" AS cp INNER JOIN "contents" AS c ON c."id" = cp."content_id"
  WHERE c."duration_seconds" > 0 AND (cp."percentage" > 0 OR cp."completed")
) AS w
WHERE p."user_id" = w."user_id" AND p."content_id" = w."content_id" AND w."seconds" > 0;
