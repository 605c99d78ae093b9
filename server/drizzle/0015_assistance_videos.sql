-- Assistance videos (docs/decisions/0040-assistance-videos.md): the help videos the operator keeps, a file of
-- the store or an https address; the list starts with two of the bundled clips (demo/…, in every store).
CREATE TABLE "assistance_videos" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"storage_key" text,
	"url" text,
	"mime_type" varchar(64),
	"duration_seconds" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assistance_videos_source" CHECK (("assistance_videos"."storage_key" is null) <> ("assistance_videos"."url" is null))
);
--> statement-breakpoint
INSERT INTO "assistance_videos" ("title", "description", "storage_key", "mime_type", "duration_seconds", "position") VALUES
	('Comment suivre une leçon', 'Lecture, vitesse, reprise là où vous vous êtes arrêté et plein écran.', 'demo/lessons/lesson-a.webm', 'video/webm', 24, 1),
	('Comment signaler un problème sur une vidéo', 'Le bouton Signaler sous la vidéo, la raison, la description et le suivi dans Mes signalements.', 'demo/lessons/lesson-b.webm', 'video/webm', 24, 2);
