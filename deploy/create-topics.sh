#!/bin/sh
# Creates the topics of deploy/topics.json with Kafka's own CLI (run by the kafka-init service).
set -eu
BOOTSTRAP="${BOOTSTRAP:-kafka:9092}"
for spec in acpg.identity:6 acpg.insights:12 acpg.content:1 acpg.notifications:3; do
  name="${spec%%:*}"; partitions="${spec##*:}"
  /opt/kafka/bin/kafka-topics.sh --bootstrap-server "$BOOTSTRAP" --create --if-not-exists \
    --topic "$name" --partitions "$partitions" --replication-factor 1 --config retention.ms=-1
done
