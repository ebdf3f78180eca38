CREATE TABLE "in_app_form_visits" (
	"day" date PRIMARY KEY NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "in_app_form_visits_positive_check" CHECK ("in_app_form_visits"."visits" >= 0)
);
