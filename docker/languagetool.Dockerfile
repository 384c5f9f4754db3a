# syntax=docker/dockerfile:1.7
# LanguageTool's HTTP server, for feedback-service in the Helm chart and compose: the artefacts and
# settings the local stack runs (tools/stack/languagetool.mjs: org.languagetool:languagetool-server
# 6.6 from Maven Central without language-all, with the en, es, ca and pt modules), fetched by Maven
# in a build stage and run on a JRE as a user that is not root. Nothing is written at run time
# (no perf data; `user.home` is /tmp), so it runs on a read-only root filesystem with /tmp mounted.
#   docker build -f docker/languagetool.Dockerfile -t <registry>/languagetool:<tag> .
# docker/languagetool/ (the POM and server.properties) is generated: node tools/ops/languagetool-image.mjs
ARG MAVEN_IMAGE=maven:3.9.11-eclipse-temurin-21
ARG JRE_IMAGE=eclipse-temurin:21.0.8_9-jre-noble

FROM ${MAVEN_IMAGE} AS fetch
WORKDIR /fetch
COPY docker/languagetool/pom.xml ./pom.xml
RUN --mount=type=cache,target=/root/.m2 mvn -B -q -f pom.xml \
      org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy-dependencies \
      -DoutputDirectory=/opt/languagetool/lib -DincludeScope=runtime \
 && ls /opt/languagetool/lib/languagetool-server-*.jar /opt/languagetool/lib/language-en-*.jar

FROM ${JRE_IMAGE}
LABEL org.opencontainers.image.title="fluent-languagetool" org.opencontainers.image.source="helm/fluent, docker/languagetool.Dockerfile"
RUN groupadd --gid 10001 languagetool && useradd --uid 10001 --gid languagetool --no-create-home --shell /usr/sbin/nologin languagetool
COPY --from=fetch /opt/languagetool/lib/ /opt/languagetool/lib/
COPY docker/languagetool/server.properties /opt/languagetool/server.properties
# The heap as locally (-Xmx256m: ~420 MiB resident); a deployment may set its own JDK_JAVA_OPTIONS.
ENV JDK_JAVA_OPTIONS="-Xmx256m -XX:-UsePerfData -Duser.home=/tmp"
USER 10001:10001
EXPOSE 8010
# The languages list answers without a check; the warm-up check belongs to the readiness probe.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 CMD ["bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/8010 && printf 'GET /v2/languages HTTP/1.0\\r\\n\\r\\n' >&3 && grep -q ' 200 ' <&3"]
# --public: listen on every interface (a pod's, a container's), not only loopback.
ENTRYPOINT ["java", "-cp", "/opt/languagetool/lib/*", "org.languagetool.server.HTTPServer", "--public", "--config", "/opt/languagetool/server.properties"]
CMD ["--port", "8010"]
