CREATE TABLE "leaderboard_count_changes" (
	"board" text NOT NULL,
	"points" integer NOT NULL,
	"hour" integer NOT NULL,
	"delta" integer NOT NULL
);
