-- Orders in instalments (docs/decisions/0034-offers-catalogue-and-purchase.md): how many slices an order has and
-- has paid; an order that paid its first slice before these columns counts that slice.
ALTER TABLE "offer_orders" ADD COLUMN "slice_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "offer_orders" ADD COLUMN "slices_paid" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "offer_orders" ADD CONSTRAINT "offer_orders_slices" CHECK ("offer_orders"."slices_paid" >= 0 and "offer_orders"."slices_paid" <= "offer_orders"."slice_count");--> statement-breakpoint
UPDATE "offer_orders" SET "slice_count" = jsonb_array_length("quote"->'slices'), "slices_paid" = 1 WHERE "slice_index" = 1;