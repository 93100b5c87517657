// One Cape Coral canal, many views: `povray canal.pov Declare=Shot=N` (see make.ts for the list).
// The canal runs along x, 30 m wide: near seawall at z = 0, far seawall at z = 30.
#version 3.7;
#ifndef (Shot) #declare Shot = 0; #end
#declare Phase = clock;
#include "canal.inc"

#declare FarZ = 30;
object { Water }
object { Bank(0, -1, 11) }
object { Bank(FarZ, 1, 23) }
object { TreeLine(FarZ + 45, 31) }
object { TreeLine(-75, 37) }

// Neighbours' docks and lifts along the far wall (the featured lot is at x = 0).
#declare R2 = seed(7);
#for (I, -9, 9)
  #if (I != 0)
    #declare DX = I * 26 + 3;
    object { Dock(DX, FarZ - 0.35, 4 + rand(R2) * 3, 1.8, -1, T_Deck) }
    #if (rand(R2) > 0.4) object { Lift(DX + 4.2, FarZ - 4.2, 8, 3.2, 1.9, (rand(R2) > 0.5), 1) } #end
  #end
#end
#declare R3 = seed(9);
#for (I, -9, 9)
  #declare DX = I * 26 - 8;
  #if (abs(DX + 14) > 6) object { Dock(DX, 0.35, 3 + rand(R3) * 3, 1.8, 1, T_Deck) } #end
#end

// ---------- the featured lot on the far bank ----------
#declare NewDeck = T_Deck;
#if (Shot = 3) #declare NewDeck = T_DeckGrey; #end
#if (Shot = 15) #declare NewDeck = T_Composite; #end
object { Dock(0, FarZ - 0.35, 7, 2.4, -1, NewDeck) }
// marginal walk along the wall
union {
  #declare P = -9; #while (P < 2.5)
    box { <P, 1.41, FarZ - 2.2> <P + 0.14, 1.45, FarZ - 0.4> texture { NewDeck } }
    #declare P = P + 0.148; #end
  #for (K, 0, 4) cylinder { <-8.5 + K * 2.4, -1.5, FarZ - 2.3> <-8.5 + K * 2.4, 1.8, FarZ - 2.3> 0.13 texture { T_Pile } } #end
}
object { Cleat(<-1.2, 1.45, FarZ - 6.5>) } object { Cleat(<1.2, 1.45, FarZ - 6.5>) }
#declare LiftRaised = 1.6 + 0.05 * sin(Tau * Phase);
#if (Shot != 6 & Shot != 10 & Shot != 12)
  object { Lift(4.4, FarZ - 4.6, 8.5, 3.4, LiftRaised, (Shot = 8 | Shot = 14), 1) }
#end
object { Palm(<-4, 1.2, FarZ + 2.5>, 8.5, radians(250), 1.6, 101) }
object { Palm(<7.5, 1.2, FarZ + 3.5>, 7.0, radians(280), 1.0, 102) }
object { Palm(<-12, 1.2, FarZ + 5>, 9.5, radians(260), 2.0, 103) }

#if (Shot = 3) // repairs: new boards going in, a stack of lumber
  union {
    #declare P = 2.6; #while (P < 5.2)
      box { <-1.2, 1.455, P> <1.2, 1.49, P + 0.14> texture { T_Deck } }
      #declare P = P + 0.148; #end
    translate <0, 0, FarZ - 7.35>
  }
  #for (I, 0, 5) box { <-7.5, 1.46 + I * 0.05, FarZ - 1.6 + mod(I, 2) * 0.02> <-4.0, 1.5 + I * 0.05, FarZ - 1.0> texture { T_Deck } } #end
#end
#if (Shot = 5) // seawall: fresh cap, rip-rap at the toe
  #declare R5 = seed(5);
  #for (I, 0, 220) box { -0.5, 0.5 scale <0.5 + rand(R5) * 0.4, 0.35 + rand(R5) * 0.25, 0.45 + rand(R5) * 0.3> rotate <rand(R5) * 40 - 20, rand(R5) * 180, rand(R5) * 40 - 20> translate <-30 + rand(R5) * 40, -0.15 + rand(R5) * 0.45, FarZ - 0.6 - rand(R5) * 1.5> pigment { granite color_map { [0 rgb <0.50, 0.47, 0.41>] [1 rgb <0.66, 0.62, 0.54>] } scale 0.3 } normal { granite 0.9 scale 0.15 } } #end
#end
#if (Shot = 6) object { Barge(1) rotate 90 * y translate <2, 0.15 * sin(Tau * Phase), 18> } #end
#if (Shot = 10) object { Barge(2) rotate 90 * y translate <-2, 0, 16> } #end
#if (Shot = 12) object { Barge(3) rotate -90 * y translate <2, 0, 19> } #end
#if (Shot = 7) // tiki hut on the lawn by the dock
  union {
    #for (I, 0, 3) cylinder { <-2 + 4 * mod(I, 2), 1.2, -2 + 4 * floor(I / 2)> <-2 + 4 * mod(I, 2), 3.6, -2 + 4 * floor(I / 2)> 0.13 texture { T_Pile } } #end
    cone { <0, 3.2, 0>, 3.6, <0, 6.2, 0>, 0.05 pigment { granite color_map { [0 rgb <0.62, 0.52, 0.32>] [1 rgb <0.78, 0.68, 0.45>] } scale <0.05, 2, 0.05> } normal { granite 1.2 scale <0.02, 0.5, 0.02> } }
    box { <-1.6, 2.1, -0.8> <1.6, 2.18, 0.8> texture { T_Deck } }
    box { <-0.3, 1.2, -0.3> <0.3, 2.1, 0.3> texture { T_Pile } }
    translate <-6, 0, FarZ + 4>
  }
#end
#if (Shot = 9) // pilings wrapped in white sleeves
  #for (I, 0, 2) cylinder { <-1.3, -0.6, FarZ - 1.55 - I * 2.4> <-1.3, 1.0, FarZ - 1.55 - I * 2.4> 0.165 texture { T_Wrap } } cylinder { <1.3, -0.6, FarZ - 1.55 - I * 2.4> <1.3, 1.0, FarZ - 1.55 - I * 2.4> 0.165 texture { T_Wrap } } #end
#end
#if (Shot = 11) // power pedestal and dock lights
  union {
    box { <-0.18, 1.45, -0.12> <0.18, 2.5, 0.12> texture { T_White } }
    box { <-0.2, 2.2, -0.14> <0.2, 2.4, 0.14> pigment { rgb <0.1, 0.3, 0.5> } }
    translate <-0.9, 0, FarZ - 5.2>
  }
  #for (I, 0, 2) union { cylinder { <0, 1.45, 0> <0, 2.3, 0> 0.05 texture { T_White } } sphere { <0, 2.35, 0> 0.09 pigment { rgb <1, 0.95, 0.75> } finish { ambient 0.8 } } translate <1.1, 0, FarZ - 1.5 - I * 2.4> } #end
#end

// ---------- cameras ----------
#switch (Shot)
  #case (0) camera { location <-11, 2.7, 9> look_at <1.5, 2.6, FarZ> angle 60 } #break                 // hero 16:9
  #case (1) camera { location <-5, 2.6, 9> look_at <2.8, 2.8, FarZ> right x * 9 / 16 angle 50 } #break  // hero portrait
  #case (2) camera { location <-7.5, 3.0, 18> look_at <0, 1.3, FarZ - 3> angle 60 } #break
  #case (3) camera { location <-4, 2.9, 21> look_at <-1, 1.4, FarZ - 2> angle 62 } #break
  #case (4) camera { location <-3, 2.0, 15> look_at <4.4, 2.6, FarZ - 4.6> angle 52 } #break
  #case (5) camera { location <-16, 1.4, FarZ - 7> look_at <-3, 0.9, FarZ - 0.5> angle 60 } #break
  #case (6) camera { location <-16, 3.6, 3> look_at <2, 2.0, 19> angle 55 } #break
  #case (7) camera { location <-12, 2.2, 18> look_at <-5, 3.2, FarZ + 4> angle 58 } #break
  #case (8) camera { location <-4, 2.4, 14> look_at <4.4, 3.2, FarZ - 4.6> angle 55 } #break
  #case (9) camera { location <-6.5, 0.9, FarZ - 12> look_at <0, 0.7, FarZ - 4> angle 48 } #break
  #case (10) camera { location <-14, 3.0, 4> look_at <-2, 2.6, 16> angle 55 } #break
  #case (11) camera { location <-4.5, 2.4, FarZ - 12> look_at <0, 1.9, FarZ - 3> angle 58 } #break
  #case (12) camera { location <-16, 3.2, 6> look_at <2, 3.2, 20> angle 55 } #break
  #case (13) camera { location <-40, 24, -8> look_at <0, 0, 22> angle 55 } #break                      // about: along the canal from above
  #case (14) camera { location <-4, 2.4, 12> look_at <2.5, 3.0, FarZ - 2> right x * 4 / 5 angle 50 } #break  // contact 4:5
  #case (15) camera { location <-8, 3.4, 19> look_at <0.5, 1.2, FarZ - 3.5> angle 58 } #break
  #case (16) camera { location <22, 16, -4> look_at <0, 0, 26> angle 60 } #break                     // aerial from the east
#end
