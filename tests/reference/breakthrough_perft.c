/* Breakthrough (8 x 8) perft: leaf nodes at each depth from the start.
 * Written by a helper from the standard rules alone (a pawn steps straight or
 * diagonally forward; it takes diagonally forward only; reaching the far row
 * wins), without reading rulebook's source, to check tests/perft.txt's
 * depths 5 and 6 (6182818, 149264638), as compiled Regular Boardgames counts too.
 *
 *   cc -O2 -o /tmp/breakthrough_perft tests/reference/breakthrough_perft.c
 *   /tmp/breakthrough_perft 6      # perft(6)=149264638
 */
#include <stdio.h>
#include <stdlib.h>
int b[64]; /* 0 empty, 1 white (moves to row 0 = up), 2 black */
unsigned long perft(int side,int depth){
  if(depth==0) return 1;
  unsigned long n=0; int opp=3-side;
  for(int s=0;s<64;s++) if(b[s]==side){
    int r=s/8,c=s%8,t;
    int tr=r+(side==1?-1:1); if(tr<0||tr>7) continue;
    for(int dc=-1;dc<=1;dc++){ int tc=c+dc; if(tc<0||tc>7) continue; t=tr*8+tc;
      if(dc==0 && b[t]!=0) continue;
      if(dc!=0 && b[t]==side) continue;
      int cap=b[t]; b[t]=side; b[s]=0;
      int win = (side==1 && tr==0)||(side==2&&tr==7);
      n += win ? (depth==1) : perft(opp,depth-1);
      b[s]=side; b[t]=cap; }
  }
  return n;
}
int main(int argc,char**argv){int d=atoi(argv[1]);
 for(int s=0;s<16;s++) b[s]=2;
 for(int s=48;s<64;s++) b[s]=1;
 printf("perft(%d)=%lu\n",d,perft(1,d)); return 0;}
