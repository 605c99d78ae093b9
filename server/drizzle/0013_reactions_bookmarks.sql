-- Reactions and bookmarks of a lesson (docs/decisions/0036-reactions-and-bookmarks.md): one reaction per
-- pupil and lesson, one bookmark per pupil and lesson.
CREATE TABLE "content_bookmarks" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"content_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_reactions" (
	"user_id" integer NOT NULL,
	"content_id" integer NOT NULL,
	"reaction_type" varchar(16) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_reactions_user_id_content_id_pk" PRIMARY KEY("user_id","content_id"),
	CONSTRAINT "content_reactions_type" CHECK ("content_reactions"."reaction_type" in ('angry', 'sad', 'thinking', 'happy', 'love'))
);
--> statement-breakpoint
ALTER TABLE "content_bookmarks" ADD CONSTRAINT "content_bookmarks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_bookmarks" ADD CONSTRAINT "content_bookmarks_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_reactions" ADD CONSTRAINT "content_reactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_reactions" ADD CONSTRAINT "content_reactions_content_id_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_bookmarks_user_content_uq" ON "content_bookmarks" USING btree ("user_id","content_id");--> statement-breakpoint
CREATE INDEX "content_bookmarks_user_idx" ON "content_bookmarks" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "content_reactions_content_idx" ON "content_reactions" USING btree ("content_id","reaction_type");