ALTER TABLE "delegations" ADD COLUMN "name_ar" text;--> statement-breakpoint
ALTER TABLE "divisions" ADD COLUMN "name_ar" text;--> statement-breakpoint
ALTER TABLE "institutes" ADD COLUMN "name_ar" text;--> statement-breakpoint
ALTER TABLE "levels" ADD COLUMN "name_ar" text;--> statement-breakpoint
ALTER TABLE "optional_subjects" ADD COLUMN "name_ar" text;