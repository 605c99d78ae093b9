CREATE TABLE "chapter_sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chapters" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject_id" integer NOT NULL,
	"section_id" integer,
	"slug" varchar(128) NOT NULL,
	"name" text NOT NULL,
	"type" varchar(16) DEFAULT 'course' NOT NULL,
	"instructor" text,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "chapters_type" CHECK ("chapters"."type" in ('course', 'recording', 'exam', 'divers'))
);
--> statement-breakpoint
CREATE TABLE "content_progress" (
	"user_id" integer NOT NULL,
	"content_id" integer NOT NULL,
	"percentage" integer DEFAULT 0 NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"last_watched_second" integer DEFAULT 0 NOT NULL,
	"free_seconds" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_progress_user_id_content_id_pk" PRIMARY KEY("user_id","content_id"),
	CONSTRAINT "content_progress_percentage" CHECK ("content_progress"."percentage" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "contents" (
	"id" serial PRIMARY KEY NOT NULL,
	"chapter_id" integer NOT NULL,
	"slug" varchar(160) NOT NULL,
	"name" text NOT NULL,
	"type_id" integer DEFAULT 1 NOT NULL,
	"instructor_name" text,
	"instructor_last_name" text,
	"is_free" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"duration_seconds" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forum_posts" (
	"id" integer PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"author" text NOT NULL,
	"path" text NOT NULL,
	"replies" integer DEFAULT 0 NOT NULL,
	"level_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox_messages" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"body" text NOT NULL,
	"seen" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject_id" integer NOT NULL,
	"chapter_id" integer,
	"name" text NOT NULL,
	"teacher" text,
	"description" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"vers_pilote" boolean DEFAULT false NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	CONSTRAINT "live_events_span" CHECK ("live_events"."ends_at" > "live_events"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text,
	"type" varchar(48),
	"seen" boolean DEFAULT false NOT NULL,
	"seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "popup_hides" (
	"popup_id" varchar(36) NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "popup_hides_popup_id_user_id_pk" PRIMARY KEY("popup_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "popups" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"user_id" integer,
	"name" text NOT NULL,
	"body" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subjects" (
	"id" serial PRIMARY KEY NOT NULL,
	"o_id" integer,
	"division_id" integer NOT NULL,
	"name" text NOT NULL,
	"slug" varchar(128) NOT NULL,
	"thumbnail" text,
	"color" varchar(16),
	"position" integer DEFAULT 0 NOT NULL,
	"visible" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chapter_sections" ADD CONSTRAINT "chapter_sections_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapters" ADD CONSTRAINT "chapters_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapters" ADD CONSTRAINT "chapters_section_id_chapter_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."chapter_sections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_progress" ADD CONSTRAINT "content_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_progress" ADD CONSTRAINT "content_progress_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contents" ADD CONSTRAINT "contents_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_posts" ADD CONSTRAINT "forum_posts_level_id_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_messages" ADD CONSTRAINT "inbox_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_events" ADD CONSTRAINT "live_events_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_events" ADD CONSTRAINT "live_events_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "popup_hides" ADD CONSTRAINT "popup_hides_popup_id_popups_id_fk" FOREIGN KEY ("popup_id") REFERENCES "public"."popups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "popup_hides" ADD CONSTRAINT "popup_hides_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "popups" ADD CONSTRAINT "popups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subjects" ADD CONSTRAINT "subjects_division_id_divisions_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."divisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chapter_sections_subject_idx" ON "chapter_sections" USING btree ("subject_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chapters_subject_slug_uq" ON "chapters" USING btree ("subject_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "contents_chapter_slug_uq" ON "contents" USING btree ("chapter_id","slug");--> statement-breakpoint
CREATE INDEX "contents_created_idx" ON "contents" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "forum_posts_created_idx" ON "forum_posts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "inbox_messages_user_idx" ON "inbox_messages" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "live_events_starts_idx" ON "live_events" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE not seen;--> statement-breakpoint
CREATE INDEX "popups_user_idx" ON "popups" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subjects_division_slug_uq" ON "subjects" USING btree ("division_id","slug");