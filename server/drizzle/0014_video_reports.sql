-- Video reports (docs/decisions/0039-video-reports.md): the reasons a video can be reported for, in the
-- three languages, and the pupils' reports (pending → in_progress → rejected | resolved).
CREATE TABLE "video_report_reasons" (
	"id" integer PRIMARY KEY NOT NULL,
	"text_fr" text NOT NULL,
	"text_en" text NOT NULL,
	"text_ar" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"content_id" integer NOT NULL,
	"reason_id" integer NOT NULL,
	"description" text NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"reject_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_reports_status" CHECK ("video_reports"."status" in ('pending', 'in_progress', 'rejected', 'resolved'))
);
--> statement-breakpoint
ALTER TABLE "video_reports" ADD CONSTRAINT "video_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_reports" ADD CONSTRAINT "video_reports_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_reports" ADD CONSTRAINT "video_reports_reason_id_video_report_reasons_id_fk" FOREIGN KEY ("reason_id") REFERENCES "public"."video_report_reasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_reports_user_idx" ON "video_reports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "video_reports_status_idx" ON "video_reports" USING btree ("status","created_at");--> statement-breakpoint
INSERT INTO "video_report_reasons" ("id", "text_fr", "text_en", "text_ar", "position") VALUES
	(1, 'La vidéo ne se lance pas', 'The video does not start', 'الفيديو لا يشتغل', 1),
	(2, 'Problème de son', 'Sound problem', 'مشكلة في الصوت', 2),
	(3, 'Problème d''image', 'Picture problem', 'مشكلة في الصورة', 3),
	(4, 'Erreur dans le contenu', 'Mistake in the content', 'خطأ في المحتوى', 4),
	(5, 'Vidéo incomplète ou coupée', 'Video incomplete or cut off', 'الفيديو ناقص أو مقطوع', 5),
	(6, 'Autre', 'Other', 'سبب آخر', 6)
ON CONFLICT ("id") DO NOTHING;
