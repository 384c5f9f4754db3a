#!/bin/sh
# Fluent's backup CronJobs (templates/backup.yaml).
#   backup.sh dump <mongodb|keycloak>  one dump into $BACKUP_DIR, then only the newest $KEEP kept there
#   backup.sh s3 <mongodb|keycloak>    the dumps of $BACKUP_DIR copied to s3://$S3_BUCKET/$S3_PREFIX<kind>/,
#                                      then only the newest $KEEP kept there
# A dump is written to <name>.partial and renamed when complete, so a failed run leaves no file
# that looks like a backup and removes none of the earlier ones.
set -eu
mode=$1
kind=$2
case $kind in
  mongodb) suffix=archive.gz ;;
  keycloak) suffix=pgdump ;;
  *) echo "backup.sh: unknown kind $kind" >&2; exit 2 ;;
esac

# The newest $KEEP of a list of names (one a line; the UTC stamp in the name sorts them), the rest printed.
beyond_keep() {
  grep -E "^fluent-$kind-[0-9]{8}T[0-9]{6}Z\.$suffix\$" | sort -r | tail -n +"$((KEEP + 1))"
}

case $mode in
  dump)
    mkdir -p "$BACKUP_DIR"
    file="$BACKUP_DIR/fluent-$kind-$(date -u +%Y%m%dT%H%M%SZ).$suffix"
    trap 'rm -f "$file.partial"' EXIT
    if [ "$kind" = mongodb ]; then
      # --oplog: consistent to the moment the dump ends; from a secondary when there is one.
      mongodump --uri "$MONGODB_BACKUP_URI" --oplog --gzip --archive="$file.partial"
    else
      pg_dump --format=custom --no-owner --file="$file.partial"
    fi
    mv "$file.partial" "$file"
    echo "wrote $file ($(wc -c < "$file") bytes)"
    ls -1 "$BACKUP_DIR" | beyond_keep | while read -r old; do
      rm -f "$BACKUP_DIR/$old"
      echo "removed $old"
    done
    ;;
  s3)
    set -- ${S3_ENDPOINT:+--endpoint-url "$S3_ENDPOINT"}
    for file in "$BACKUP_DIR"/fluent-"$kind"-*."$suffix"; do
      [ -e "$file" ] || continue
      aws "$@" s3 cp "$file" "s3://$S3_BUCKET/$S3_PREFIX$kind/$(basename "$file")"
    done
    aws "$@" s3api list-objects-v2 --bucket "$S3_BUCKET" --prefix "$S3_PREFIX$kind/" --query 'Contents[].Key' --output text |
      tr '\t' '\n' | sed "s|^$S3_PREFIX$kind/||" | beyond_keep | while read -r old; do
        aws "$@" s3 rm "s3://$S3_BUCKET/$S3_PREFIX$kind/$old"
      done
    ;;
  *) echo "backup.sh: unknown mode $mode" >&2; exit 2 ;;
esac
