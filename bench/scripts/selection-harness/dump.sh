#!/usr/bin/env bash
# dump all candidate sets: demo (Tennis Ball seeds 0-9) and balls seeds 1-3
cd "$(dirname "$0")"
CP=classes:${JAR:?set JAR to app/target/dysymnet-VERSION.jar}
S=${SPLITS:-../../../data/data/falling_balls/spl_splits}
java -cp $CP Dump $S dumps 100 Tennis_Ball 0 1 2 3 4 5 6 7 8 9
for b in Baseball Blue_Basketball Bowling_Ball Golf_Ball Green_Basketball Orange_Whiffle_Ball Volleyball Whiffle_Ball_1 Whiffle_Ball_2 Yellow_Whiffle_Ball; do
  java -cp $CP Dump $S dumps 100 $b 1 2 3
done
echo DUMPDONE
